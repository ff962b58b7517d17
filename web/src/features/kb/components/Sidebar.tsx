// The knowledge base's sidebar (000 §2): Mask, Discovery and New Chat, then the caller's
// conversations in this organisation, newest first, each reopened with a click, renamed or
// deleted from its menu.
import { Button, Loader, Stack, Title } from '@mantine/core';
import { IconEyeOff, IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { useKb } from '../stores/kb';
import { QUESTION_INPUT_ID } from './Composer';
import { ConversationItem } from './ConversationItem';
import { LoadFailed } from './LoadFailed';

export function Sidebar({ onDiscovery }: { onDiscovery: () => void }) {
  const { t } = useTranslation('kb');
  const { t: tc } = useTranslation('common');
  const mask = useKb((s) => s.mask);
  const toggleMask = useKb((s) => s.toggleMask);
  const newChat = useKb((s) => s.newChat);
  const current = useKb((s) => s.conversationId);
  const conversations = useKb((s) => s.conversations);
  const load = useKb((s) => s.loadConversations);
  return (
    <Stack gap="xs" component="nav" aria-label={t('conversations')}>
      <Button
        variant={mask ? 'filled' : 'default'}
        leftSection={<IconEyeOff size={16} aria-hidden />}
        aria-pressed={mask}
        title={t('mask_hint')}
        onClick={toggleMask}
      >
        {t('mask')}
      </Button>
      <Button variant="default" leftSection={<IconSearch size={16} aria-hidden />} onClick={onDiscovery}>
        {t('discovery')}
      </Button>
      <Button variant="default" leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={newChat}>
        {t('new_chat')}
      </Button>
      <Title order={2} size="h6" mt="sm">
        {t('conversations')}
      </Title>
      {conversations.status === 'loading' && <Loader size="sm" aria-label={tc('loading')} />}
      {conversations.status === 'error' && (
        <LoadFailed stacked onRetry={() => void load()} />
      )}
      {conversations.status === 'ready' && conversations.list.length === 0 && (
        <EmptyState
          compact
          title={t('no_conversations')}
          action={
            <Button size="xs" variant="light" onClick={() => document.getElementById(QUESTION_INPUT_ID)?.focus()}>
              {t('ask_first')}
            </Button>
          }
          data-testid="conversations-empty"
        >
          {t('no_conversations_hint')}
        </EmptyState>
      )}
      <Stack gap={0} data-testid="conversation-list">
        {conversations.list.map((c) => (
          <ConversationItem key={c.id} conversation={c} active={c.id === current} />
        ))}
      </Stack>
    </Stack>
  );
}
