// A section of the Admin Panel's assignment tab: a bordered card titled (the section's landmark
// name) with a line saying what it shows, then its content.
import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionHeading } from '@/components/SectionHeading';

export function SectionCard({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <SectionHeading id={id} title={title} intro={intro} />
        {children}
      </Stack>
    </Card>
  );
}
