// A page that is one card on a grey ground, centred on the screen: signing up, creating an
// organisation, the first steps, checking out.
import { Card, Center, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardPage({ maw, children }: { maw: number; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Card withBorder shadow="sm" radius="md" p="xl" w="100%" maw={maw}>
        <Stack gap="md">{children}</Stack>
      </Card>
    </Center>
  );
}
