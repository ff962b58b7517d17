// The composer under a conversation: a reply to the customer, or an internal note the team
// alone sees (with @mentions of members, 001 §3). A reply may start from a quick reply, its
// variables filled for this contact by the domain's `render_message` rule, or from the AI reply
// suggestion (001 §2) with the replies left today beside it (001 §9) — when none are left, the
// prompt to upgrade or add AI replies. The text is kept when sending fails, with the reason.
import { Alert, Anchor, Button, Group, Menu, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconBolt, IconSend, IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QuickReply, RepliesLeft } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { codeOf, useCodeText } from '@/lib/errorText';
import { loadManageRules } from '@/lib/manageDomain';
import { toast } from '@/lib/toast';
import { useWorkspace } from '@/stores/workspace';
import { listQuickReplies } from '@/api/quickReplies';
import * as api from '../api';
import { chatLines, withMention } from '../logic';
import { useInbox } from '../stores/inbox';

/** The most a reply or note may hold (`domain::inbox::MAX_TEXT_CHARS`). */
export const MAX_TEXT = 4096;

type Mode = 'reply' | 'note';

function QuickReplies({ onPick }: { onPick: (q: QuickReply) => void }) {
  const { t } = useTranslation('inbox');
  const orgId = useInbox((s) => s.orgId);
  const [items, setItems] = useState<QuickReply[] | null>(null);
  const [failed, setFailed] = useState(false);
  async function load() {
    if (items !== null) return;
    setFailed(false);
    try {
      setItems((await listQuickReplies(orgId)).items);
    } catch {
      setFailed(true);
    }
  }
  return (
    <Menu position="top-start" width={280} onOpen={() => void load()}>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconBolt size={14} aria-hidden />} data-testid="quick-replies">
          {t('composer.quick_replies')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
        {items === null && !failed && <Menu.Label>{t('loading')}</Menu.Label>}
        {failed && <Menu.Label>{t('composer.quick_replies_failed')}</Menu.Label>}
        {items?.length === 0 && <Menu.Label>{t('composer.no_quick_replies')}</Menu.Label>}
        {items?.map((q) => (
          <Menu.Item key={q.id} onClick={() => onPick(q)} data-testid="quick-reply-item">
            <Text size="sm" fw={500}>
              {q.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {q.message}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function Composer({ names, memberOptions }: { names: Map<number, string>; memberOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const orgId = useInbox((s) => s.orgId);
  const c = useInbox((s) => s.selected);
  const messages = useInbox((s) => s.messages.items);
  const addMessage = useInbox((s) => s.addMessage);
  const me = useWorkspace((s) => s.me);
  const [mode, setMode] = useState<Mode>('reply');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'suggest' | null>(null);
  const [left, setLeft] = useState<RepliesLeft | null>(null);
  const [noneLeft, setNoneLeft] = useState(false);
  const conversationId = c?.id ?? null;

  // A new conversation starts with an empty composer; the AI replies left are read once per org.
  useEffect(() => {
    setText('');
    setError(null);
  }, [conversationId]);
  useEffect(() => {
    if (orgId === null) return;
    const ctl = new AbortController();
    api.repliesLeft(orgId, ctl.signal).then(
      (r) => {
        setLeft(r);
        setNoneLeft(r.replies_left === 0);
      },
      () => undefined,
    );
    return () => ctl.abort();
  }, [orgId]);

  if (!c || orgId === null) return null;
  const contactName = c.name ?? null;

  async function pickQuickReply(q: QuickReply) {
    const rules = await loadManageRules();
    const rendered = rules.value('render_message', {
      message: q.message,
      vars: { name: contactName, phone: c?.contact ?? null, myName: me?.name ?? null },
    });
    setMode('reply');
    setText(rendered.text);
    setError(null);
  }

  async function suggest() {
    if (orgId === null) return;
    const lines = chatLines(messages);
    if (!lines.some((l) => l.direction === 'INCOMING')) {
      setError('composer.nothing_to_answer');
      return;
    }
    setBusy('suggest');
    setError(null);
    try {
      const s = await api.suggestReply({ org_id: orgId, messages: lines, contact_name: contactName });
      setLeft({ replies_left: s.replies_left, daily_limit: s.daily_limit });
      setNoneLeft(s.replies_left === 0 && s.source === 'none');
      if (s.suggestion) {
        setMode('reply');
        setText(s.suggestion);
      } else toast.info(t('composer.no_suggestion'));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'rate_limited') setNoneLeft(true);
      else toast.error(codeText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    if (orgId === null || !c || busy) return;
    if (text.trim() === '') {
      setError('composer.text_required');
      return;
    }
    setBusy('send');
    setError(null);
    try {
      const m = mode === 'reply' ? await api.reply(orgId, c.id, text) : await api.addNote(orgId, c.id, text);
      addMessage(m);
      setText('');
      if (mode === 'note') toast.success(t('composer.note_added'));
    } catch (e) {
      setError(codeOf(e));
    } finally {
      setBusy(null);
    }
  }

  const errorText = error?.startsWith('composer.') ? t(error as 'composer.text_required') : codeText(error, { fields_required: t('composer.text_required') });

  return (
    <Stack gap="xs" data-testid="composer">
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={[
            { value: 'reply', label: t('composer.reply') },
            { value: 'note', label: t('composer.note') },
          ]}
          data-testid="composer-mode"
        />
        {left && (
          <Text size="xs" c="dimmed" data-testid="replies-left">
            {t('composer.replies_left', { count: left.replies_left, limit: left.daily_limit })}
          </Text>
        )}
      </Group>
      {noneLeft && (
        <Alert color="yellow" variant="light" data-testid="ai-none-left">
          <Text size="sm">{t('composer.none_left')}</Text>
          <Anchor component={Link} to="/settings/billing" size="sm">
            {t('composer.add_replies')}
          </Anchor>
        </Alert>
      )}
      <Textarea
        aria-label={mode === 'reply' ? t('composer.reply_label') : t('composer.note_label')}
        placeholder={mode === 'reply' ? t('composer.reply_placeholder') : t('composer.note_placeholder')}
        rows={3}
        resize="vertical"
        maxLength={MAX_TEXT}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
          }
        }}
        error={error ? errorText : undefined}
        data-testid="composer-text"
        styles={mode === 'note' ? { input: { background: 'var(--mantine-color-yellow-light)' } } : undefined}
      />
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {mode === 'reply' ? (
            <>
              <QuickReplies onPick={(q) => void pickQuickReply(q)} />
              <Button
                size="xs"
                variant="default"
                leftSection={<IconSparkles size={14} aria-hidden />}
                loading={busy === 'suggest'}
                onClick={() => void suggest()}
                data-testid="ai-suggest"
              >
                {t('composer.suggest')}
              </Button>
            </>
          ) : (
            <Select
              size="xs"
              w={200}
              placeholder={t('composer.mention')}
              aria-label={t('composer.mention')}
              data={memberOptions}
              value={null}
              searchable
              onChange={(v) => v && setText((s) => withMention(s, Number(v)))}
              data-testid="mention-select"
            />
          )}
        </Group>
        <Button size="xs" leftSection={<IconSend size={14} aria-hidden />} loading={busy === 'send'} onClick={() => void send()} data-testid="composer-send">
          {mode === 'reply' ? t('composer.send') : t('composer.add_note')}
        </Button>
      </Group>
      {mode === 'note' && names.size > 0 && (
        <Text size="xs" c="dimmed">
          {t('composer.note_hint')}
        </Text>
      )}
    </Stack>
  );
}
