// The open conversation: who it is with and whose chat it is, its standing, the member it is
// assigned to (assign, reassign, unassign) and Open/Closed; its messages oldest at the top,
// 20 at a time with Earlier messages reading the page before; internal notes shown apart with
// their mentions as names; each reply with its ticks (queued → sent → delivered → read, or
// failed with the reason); the composer below.
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxMessage } from '@/generated/contract';
import { useCodeText, codeOf } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { notePieces } from '../logic';
import { useInbox } from '../stores/inbox';
import { Composer } from './Composer';
import { StandingBadge, Ticks, When } from './shared';

function Bubble({ m, names }: { m: InboxMessage; names: Map<number, string> }) {
  const { t } = useTranslation('inbox');
  const orgId = useInbox((s) => s.orgId);
  const conversationId = useInbox((s) => s.selectedId);
  const note = m.kind === 'note';
  const author = m.author_id !== null ? names.get(m.author_id) : undefined;
  return (
    <Group justify={m.outbound || note ? 'flex-end' : 'flex-start'} data-testid={note ? 'note' : 'message'} data-message={m.id}>
      <Paper
        p="xs"
        radius="md"
        maw="80%"
        bg={note ? 'var(--mantine-color-yellow-light)' : m.outbound ? 'var(--mantine-color-green-light)' : 'var(--mantine-color-default-hover)'}
      >
        {note && (
          <Text size="xs" fw={600} c="dimmed">
            {author ? t('note_by', { name: author }) : t('note')}
          </Text>
        )}
        {m.sender && !m.outbound && (
          <Text size="xs" fw={600} c="dimmed">
            {m.sender}
          </Text>
        )}
        {m.body && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
            {note
              ? notePieces(m.body, names).map((p, i) =>
                  'mention' in p ? (
                    <Text key={i} span fw={700} c="blue" data-testid="mention">
                      @{p.name}
                    </Text>
                  ) : (
                    <span key={i}>{p.text}</span>
                  ),
                )
              : m.body}
          </Text>
        )}
        {m.media_ready && orgId !== null && conversationId !== null ? (
          <Anchor href={api.mediaUrl(orgId, conversationId, m.id)} size="xs" download data-testid="message-media">
            {t('download', { name: m.media_name ?? t('attachment_unnamed') })}
          </Anchor>
        ) : (
          m.media_name && (
            <Text size="xs" c="dimmed">
              {t('attachment', { name: m.media_name })}
            </Text>
          )
        )}
        <Group gap={4} justify="flex-end">
          {m.outbound && author && !note && (
            <Text size="xs" c="dimmed">
              {author}
            </Text>
          )}
          <When at={m.sent_at} />
          {m.outbound && !note && <Ticks ack={m.ack} error={m.error} />}
        </Group>
        {m.ack === 'failed' && m.error && (
          <Text size="xs" c="red" data-testid="message-error">
            {m.error}
          </Text>
        )}
      </Paper>
    </Group>
  );
}

function Header({ names, memberOptions }: { names: Map<number, string>; memberOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const orgId = useInbox((s) => s.orgId);
  const c = useInbox((s) => s.selected);
  const show = useInbox((s) => s.show);
  const [busy, setBusy] = useState<'assign' | 'status' | null>(null);
  if (!c || orgId === null) return null;
  const owner = c.created_by_user !== null ? (names.get(c.created_by_user) ?? `#${c.created_by_user}`) : null;

  async function run(kind: 'assign' | 'status', call: () => Promise<Parameters<typeof show>[0]>, done: string) {
    setBusy(kind);
    try {
      show(await call());
      toast.success(done);
    } catch (e) {
      toast.error(codeText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4" data-testid="conversation-title">
            {c.name || c.contact}
          </Title>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {c.contact}
            </Text>
            <Badge size="xs" variant="outline" color="gray" data-testid="conversation-owner">
              {owner ? t('created_by', { name: owner }) : t('shared_number')}
            </Badge>
            <StandingBadge standing={c.standing} />
          </Group>
        </Stack>
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            w={200}
            label={t('assignee')}
            placeholder={t('unassigned')}
            data={memberOptions}
            value={c.assignee_id !== null ? String(c.assignee_id) : null}
            clearable
            searchable
            disabled={busy === 'assign'}
            onChange={(v) =>
              void run('assign', () => api.assign(orgId, c.id, v ? Number(v) : null), v ? t('assigned', { name: names.get(Number(v)) ?? v }) : t('unassigned_done'))
            }
            data-testid="assignee-select"
          />
          <Button
            size="xs"
            variant="default"
            loading={busy === 'status'}
            leftSection={c.standing === 'closed' ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
            onClick={() => void run('status', () => api.setStatus(orgId, c.id, c.standing === 'closed'), c.standing === 'closed' ? t('reopened') : t('closed_done'))}
            data-testid="status-toggle"
          >
            {c.standing === 'closed' ? t('reopen') : t('close')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export function ConversationPane({ names, memberOptions }: { names: Map<number, string>; memberOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('inbox');
  const selectedId = useInbox((s) => s.selectedId);
  const messages = useInbox((s) => s.messages);
  const select = useInbox((s) => s.select);
  const loadOlder = useInbox((s) => s.loadOlder);
  if (selectedId === null) {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="conversation-none">
        <Text c="dimmed">{t('pick_conversation')}</Text>
      </Paper>
    );
  }
  const oldestFirst = [...messages.items].reverse();
  return (
    <Paper withBorder radius="md" p="md" data-testid="conversation-pane">
      <Stack gap="sm">
        <Header names={names} memberOptions={memberOptions} />
        {messages.status === 'loading' && <Loader size="sm" aria-label={t('loading')} />}
        {messages.status === 'error' && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('messages_failed')}</Text>
              <Button size="xs" variant="subtle" onClick={() => void select(selectedId)}>
                {t('retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {messages.status === 'ready' && (
          <Stack gap={6} mah="60vh" style={{ overflowY: 'auto' }} data-testid="messages" aria-live="polite">
            {messages.cursor && (
              <Button variant="subtle" size="xs" onClick={() => void loadOlder()} loading={messages.older === 'loading'} data-testid="messages-older">
                {messages.older === 'error' ? t('more_failed') : t('earlier')}
              </Button>
            )}
            {oldestFirst.length === 0 && (
              <Text size="sm" c="dimmed" ta="center">
                {t('no_messages')}
              </Text>
            )}
            {oldestFirst.map((m) => (
              <Bubble key={m.id} m={m} names={names} />
            ))}
          </Stack>
        )}
        <Composer names={names} memberOptions={memberOptions} />
      </Stack>
    </Paper>
  );
}
