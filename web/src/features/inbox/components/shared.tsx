// Small pieces the inbox's panes share: a conversation's standing, a time shown relative to now
// (the exact time on hover), a reply's ticks, and the panels' "open a chat first".
import { Badge, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STANDING_COLOR: Record<string, string> = { needs_reply: 'orange', awaiting_reply: 'blue', closed: 'gray' };

export function StandingBadge({ standing }: { standing: string }) {
  const { t } = useTranslation('inbox');
  const key = standing === 'needs_reply' || standing === 'awaiting_reply' || standing === 'closed' ? standing : 'closed';
  return (
    <Badge size="xs" variant="light" color={STANDING_COLOR[key]} data-testid="standing">
      {t(`standing.${key}`)}
    </Badge>
  );
}

/** A time as the viewer's language says it: the hour today, else the date. */
export function When({ at }: { at: string }) {
  const { i18n } = useTranslation();
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  const today = new Date().toDateString() === d.toDateString();
  const short = today
    ? d.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString(i18n.language, { day: 'numeric', month: 'short' });
  return (
    <Tooltip label={d.toLocaleString(i18n.language)} openDelay={400}>
      <Text size="xs" c="dimmed" component="time" dateTime={at} style={{ whiteSpace: 'nowrap' }}>
        {short}
      </Text>
    </Tooltip>
  );
}

/** A reply's delivery: a clock while queued, one tick sent, two delivered, two blue read, or failed. */
export function Ticks({ ack, error }: { ack: string; error: string | null }) {
  const { t } = useTranslation('inbox');
  const label = t(`ack.${ack === 'queued' || ack === 'sent' || ack === 'delivered' || ack === 'read' ? ack : 'failed'}`);
  const icon =
    ack === 'queued' ? (
      <IconClock size={14} />
    ) : ack === 'sent' ? (
      <IconCheck size={14} />
    ) : ack === 'delivered' ? (
      <IconChecks size={14} />
    ) : ack === 'read' ? (
      <IconChecks size={14} color="var(--mantine-color-blue-6)" />
    ) : (
      <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" />
    );
  return (
    <Tooltip label={ack === 'failed' && error ? `${label}: ${error}` : label}>
      <span role="img" aria-label={label} data-testid="ticks" data-ack={ack} style={{ display: 'inline-flex' }}>
        {icon}
      </span>
    </Tooltip>
  );
}

export function OpenChatFirst() {
  const { t } = useTranslation('inbox');
  return (
    <Text size="sm" c="dimmed" data-testid="open-chat-first">
      {t('panels.open_chat_first')}
    </Text>
  );
}
