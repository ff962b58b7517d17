// What a list, table or chart shows when it has nothing to show (issue #25): that there is
// nothing yet, in the screen's words, and what to do next — the action that creates the first
// item where the viewer may take it, who can otherwise, or a way to clear the filters. Loading
// and failures are the screens' own states: this is only ever shown for a real, empty answer.
import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** A small icon (a Tabler icon at 20 px) above the title; left out in compact places. */
  icon?: ReactNode;
  /** That there is nothing (yet), e.g. "No quick replies yet". */
  title: string;
  /** Why, or what makes items appear; who can act when the viewer cannot. */
  children?: ReactNode;
  /** The next step: a button or link (creates the first item, clears the filters). */
  action?: ReactNode;
  /** Left-aligned and tight, for sidebars, drawers and cards; centred otherwise. */
  compact?: boolean;
  'data-testid'?: string;
}

export function EmptyState({ icon, title, children, action, compact = false, 'data-testid': testId }: EmptyStateProps) {
  return (
    <Stack
      gap={compact ? 4 : 'xs'}
      align={compact ? 'flex-start' : 'center'}
      ta={compact ? 'left' : 'center'}
      py={compact ? 'xs' : 'lg'}
      data-testid={testId}
      data-empty-state
    >
      {icon && !compact && (
        <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
          {icon}
        </ThemeIcon>
      )}
      <Text fw={compact ? 500 : 600} size={compact ? 'sm' : 'md'}>
        {title}
      </Text>
      {children && (
        <Text size="sm" c="dimmed" maw={520}>
          {children}
        </Text>
      )}
      {action}
    </Stack>
  );
}
