// The chat's bubbles (000 §2, §4): the greeting first, then questions and answers; a question in
// flight shows a waiting bubble, a failed answer a failed bubble with Retry, a `not_found`
// answer the translated 'nothing found' text. Personal data is masked when Mask is on.
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { maskPersonal } from '../logic';
import { useKb, type Bubble } from '../stores/kb';
import { Citations } from './Citations';

function time(date: string, lang: string): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(d);
}

function BubbleView({ bubble, mask }: { bubble: Bubble; mask: boolean }) {
  const { t, i18n } = useTranslation('kb');
  const retry = useKb((s) => s.retry);
  const asking = useKb((s) => s.asking);
  const user = bubble.type === 'user';
  if (bubble.status === 'failed') {
    return (
      <Alert color="red" variant="light" data-testid="failed-bubble" maw="85%">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('failed')}</Text>
          {bubble.question !== undefined && (
            <Button size="xs" variant="white" color="red" disabled={asking} onClick={() => void retry(bubble.key)}>
              {t('retry')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  const text = bubble.status === 'not_found' ? t('not_found') : mask ? maskPersonal(bubble.text) : bubble.text;
  return (
    <Box maw="85%" ml={user ? 'auto' : undefined} data-testid={user ? 'user-bubble' : 'bot-bubble'}>
      <Paper p="sm" radius="md" bg={user ? 'blue.0' : 'gray.0'}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
        {!user && <Citations citations={bubble.citations} mask={mask} />}
      </Paper>
      <Text size="xs" c="dimmed" ta={user ? 'right' : 'left'} mt={2}>
        {time(bubble.date, i18n.language)}
      </Text>
    </Box>
  );
}

export function Messages() {
  const { t } = useTranslation('kb');
  const messages = useKb((s) => s.messages);
  const asking = useKb((s) => s.asking);
  const mask = useKb((s) => s.mask);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, asking]);
  return (
    <Stack gap="sm" role="log" aria-live="polite" aria-label={t('messages')} data-testid="messages">
      <Box maw="85%" data-testid="greeting">
        <Paper p="sm" radius="md" bg="gray.0">
          <Text size="sm">{t('greeting')}</Text>
        </Paper>
      </Box>
      {messages.map((b) => (
        <BubbleView key={b.key} bubble={b} mask={mask} />
      ))}
      {asking && (
        <Group gap="xs" data-testid="thinking">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('thinking')}
          </Text>
        </Group>
      )}
      <div ref={end} />
    </Stack>
  );
}

/** What the header counts: the questions and answers, not the greeting or a failed attempt. */
export function messageCount(messages: readonly Bubble[]): number {
  return messages.filter((b) => b.status !== 'failed').length;
}
