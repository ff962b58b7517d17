// A section of the Admin Panel's assignment tab: a bordered card titled (the section's landmark
// name) with a line saying what it shows, then its content.
import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SectionCard({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}
