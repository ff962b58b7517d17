// A screen that needs an organisation, opened from the personal workspace: why it needs one, in
// the screen's words, and the way to create one.
import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function NoOrganisation({
  title,
  body,
  createLabel,
  heading,
  py,
}: {
  title: string;
  body: string;
  createLabel: string;
  /** Above the title: the screen's own heading. */
  heading?: ReactNode;
  py?: string;
}) {
  return (
    <Stack gap="sm" align="flex-start" py={py}>
      {heading}
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{body}</Text>
      <Button component={Link} to="/createorganization">
        {createLabel}
      </Button>
    </Stack>
  );
}
