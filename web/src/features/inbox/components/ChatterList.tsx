// The chatter list (000 §2 'Chatter': Name, CreatedByUser): the filter tabs in the spec's order
// with their counts, a search over message text, and the conversations of the chosen tab, 20 at
// a time (More reads the next page by the server's cursor). Each row shows the contact, whose
// chat it is (the shared number, or the member whose own WhatsApp it came from), the last
// message, when, Needs Reply / Awaiting Reply / Closed and unread. On Free the unread and
// mentions tabs show a few rows and say that upgrading shows the rest (001 §9).
import { Alert, Anchor, Badge, Button, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import type { Conversation } from '@/generated/contract';
import { useCodeText } from '@/lib/errorText';
import { TABS, type Tab } from '../logic';
import { useInbox } from '../stores/inbox';
import { StandingBadge, When } from './shared';

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 300;

function TabButton({ tab }: { tab: Tab }) {
  const { t } = useTranslation('inbox');
  const active = useInbox((s) => s.tab === tab);
  const count = useInbox((s) => s.counts?.[tab]);
  const setTab = useInbox((s) => s.setTab);
  return (
    <Button
      size="compact-sm"
      variant={active ? 'filled' : 'default'}
      onClick={() => setTab(tab)}
      aria-pressed={active}
      data-testid={`tab-${tab}`}
      rightSection={
        typeof count === 'number' ? (
          <Badge size="sm" variant={active ? 'white' : 'light'} data-testid={`tab-count-${tab}`}>
            {count}
          </Badge>
        ) : undefined
      }
    >
      {t(`tabs.${tab}`)}
    </Button>
  );
}

function Row({ c, names }: { c: Conversation; names: Map<number, string> }) {
  const { t } = useTranslation('inbox');
  const selected = useInbox((s) => s.selectedId === c.id);
  const select = useInbox((s) => s.select);
  const owner = c.created_by_user !== null ? (names.get(c.created_by_user) ?? `#${c.created_by_user}`) : null;
  return (
    <UnstyledButton
      onClick={() => void select(c.id)}
      aria-current={selected ? 'true' : undefined}
      data-testid="chatter-row"
      data-conversation={c.id}
      p="xs"
      style={{ borderRadius: 8, background: selected ? 'var(--mantine-color-blue-light)' : undefined, display: 'block', width: '100%' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={c.unread ? 700 : 500} truncate data-testid="chatter-name">
          {c.is_group && <IconUsersGroup size={14} aria-label={t('group')} style={{ marginRight: 4 }} />}
          {c.name || c.contact}
        </Text>
        <When at={c.last_message_at} />
      </Group>
      <Text size="sm" c="dimmed" truncate>
        {c.preview ?? ''}
      </Text>
      <Group gap={6} mt={4}>
        <StandingBadge standing={c.standing} />
        <Badge size="xs" variant="outline" color="gray" data-testid="chatter-owner">
          {owner ? t('created_by', { name: owner }) : t('shared_number')}
        </Badge>
        {c.assignee_id !== null && (
          <Badge size="xs" variant="light" color="grape">
            {names.get(c.assignee_id) ?? `#${c.assignee_id}`}
          </Badge>
        )}
        {c.unread && (
          <Badge size="xs" color="green" data-testid="chatter-unread">
            {t('unread')}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

export function ChatterList({ names, mayUpgrade }: { names: Map<number, string>; mayUpgrade: boolean }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const tab = useInbox((s) => s.tab);
  const list = useInbox((s) => s.list);
  const query = useInbox((s) => s.query);
  const setQuery = useInbox((s) => s.setQuery);
  const loadList = useInbox((s) => s.loadList);
  const loadMore = useInbox((s) => s.loadMore);
  const [typed, setTyped] = useState(query);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(typed), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, setQuery]);

  return (
    <Stack gap="sm" data-testid="chatter-list">
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap={6} wrap="nowrap" role="group" aria-label={t('tabs.label')}>
          {TABS.map((tb) => (
            <TabButton key={tb} tab={tb} />
          ))}
        </Group>
      </ScrollArea>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('search_placeholder')}
        aria-label={t('search')}
        maxLength={200}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        data-testid="inbox-search"
      />
      {list.upgrade && (
        <Alert color="yellow" variant="light" data-testid="inbox-upgrade">
          <Text size="sm">{t('upgrade_to_see_all')}</Text>
          {mayUpgrade && (
            <Anchor component={Link} to="/settings/billing" size="sm">
              {t('see_plans')}
            </Anchor>
          )}
        </Alert>
      )}
      {list.status === 'loading' && list.items.length === 0 && <Loader size="sm" aria-label={t('loading')} />}
      {list.status === 'error' && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{codeText(list.code)}</Text>
            <Button size="xs" variant="subtle" onClick={() => void loadList()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {list.status === 'ready' && list.items.length === 0 && (
        <EmptyState
          title={query.trim() ? t('no_match') : t(`empty.${tab}`)}
          data-testid="chatter-empty"
        />
      )}
      <Stack gap={2}>
        {list.items.map((c) => (
          <Row key={c.id} c={c} names={names} />
        ))}
      </Stack>
      {list.cursor && (
        <Button variant="subtle" onClick={() => void loadMore()} loading={list.more === 'loading'} data-testid="chatter-more">
          {list.more === 'error' ? t('more_failed') : t('more')}
        </Button>
      )}
    </Stack>
  );
}
