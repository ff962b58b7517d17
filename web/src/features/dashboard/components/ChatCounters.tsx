// The chat counters of the period (001 §3 'total messages, unique chats, sent, received')
// against the previous period of equal length, beside the call counters and shown like them.
import { useTranslation } from 'react-i18next';
import type { Analytics } from '../stores/dashboard';
import { CounterGroup, type Shown } from './SummaryCards';

const KEYS = ['total_messages', 'unique_chats', 'sent', 'received'] as const;

export function ChatCounters({ data }: { data: Analytics }) {
  const { t } = useTranslation('dashboard');
  const list: Shown[] = KEYS.map((key) => ({ key, label: t(`chat_cards.${key}`), value: data.chats[key] }));
  return (
    <CounterGroup heading={t('chat_cards.heading')} headingId="dash-chats" file="chats" list={list} testId="chat-counters" />
  );
}
