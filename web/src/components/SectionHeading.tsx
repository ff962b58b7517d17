// A section's heading: its title (the landmark's name, by `id`) with a line saying what the
// section is for under it, and the section's main button to the right when it has one.
import { Group, Text, Title, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  title,
  intro,
  size = 'h3',
  maw,
  action,
}: {
  id: string;
  title: string;
  intro: string;
  size?: TitleProps['size'];
  /** How wide the intro may run. */
  maw?: number;
  action?: ReactNode;
}) {
  const heading = (
    <div>
      <Title order={2} size={size} id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" maw={maw}>
        {intro}
      </Text>
    </div>
  );
  return action ? (
    <Group justify="space-between" align="flex-start">
      {heading}
      {action}
    </Group>
  ) : (
    heading
  );
}
