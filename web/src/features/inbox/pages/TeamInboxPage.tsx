// /team-inbox (000 §2 'Team Inbox', §4; 001 §2, §9; issue #27): the team's WhatsApp
// conversations — the shared number's and every visible member's own synced chats — in one
// place. The chatter list with its tabs, the open conversation with its composer, and the
// per-chat panels; open chat by number; the shared number, the inbox's settings and the
// organisation's business hours (the needs-reply clock's) in a drawer.
// Live: one event stream keeps the list, counts, open chat and gateway state current. Shown when
// the level-1 (manager) permission check passes; at desktop width in three columns, on a phone
// one pane at a time.
import { ActionIcon, Badge, Button, Container, Divider, Drawer, Grid, Group, Loader, Modal, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconMessagePlus, IconSettings } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchMembers } from '@/api/teams';
import { BusinessHoursEditor } from '@/components/BusinessHoursEditor';
import type { Employee } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { rule } from '@/lib/domain';
import { codeOf, useCodeText } from '@/lib/errorText';
import { useNamespace } from '@/lib/i18nLazy';
import { useWorkspace } from '@/stores/workspace';
import * as api from '../api';
import { ChatPanels, type ContactPanel } from '../components/ChatPanels';
import { ChatterList } from '../components/ChatterList';
import { ConversationPane } from '../components/ConversationPane';
import { GatewayCard } from '../components/GatewayCard';
import { SettingsForm } from '../components/SettingsForm';
import { useLiveFeed } from '../hooks/useLiveFeed';
import { memberName, namesById } from '../logic';
import { useInbox } from '../stores/inbox';

const NO_MEMBERS: Employee[] = [];

function OpenChat({ orgId, opened, onClose }: { orgId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const codeText = useCodeText();
  const select = useInbox((s) => s.select);
  const show = useInbox((s) => s.show);
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!number.trim()) {
      setError('phone_required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const c = await api.openChat(orgId, number.trim());
      show(c);
      await select(c.id);
      setNumber('');
      onClose();
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 && !e.fields.number ? 'inbox.no_shared_number' : codeOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('open_chat.title')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('open_chat.number')}
            description={t('open_chat.hint')}
            placeholder="+91 98123 45678"
            inputMode="tel"
            maxLength={32}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            error={error ? (error === 'inbox.no_shared_number' ? t('open_chat.no_shared_number') : codeText(error)) : undefined}
            data-testid="open-chat-number"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="open-chat-submit">
              {t('open_chat.open')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Inbox({ orgId, admin, workspaceId, contactPanel }: { orgId: number; admin: boolean; workspaceId: number; contactPanel: ContactPanel }) {
  const { t } = useTranslation('inbox');
  const phone = useMediaQuery('(max-width: 48em)');
  const setOrg = useInbox((s) => s.setOrg);
  const loadList = useInbox((s) => s.loadList);
  const loadCounts = useInbox((s) => s.loadCounts);
  const members = useInbox((s) => s.members) ?? NO_MEMBERS;
  const setMembers = useInbox((s) => s.setMembers);
  const selectedId = useInbox((s) => s.selectedId);
  const select = useInbox((s) => s.select);
  // `?settings=1` (the integrations page's Team inbox card) opens the shared number's settings.
  const [search] = useSearchParams();
  const [drawer, setDrawer] = useState(() => search.get('settings') === '1');
  const [openChat, setOpenChat] = useState(false);
  const [gatewayStamp, setGatewayStamp] = useState(0);
  const bumpGateway = useCallback(() => setGatewayStamp((n) => n + 1), []);
  const live = useLiveFeed(orgId, bumpGateway);

  useEffect(() => {
    setOrg(orgId);
    void loadList();
    void loadCounts();
    const ctl = new AbortController();
    fetchMembers(orgId, workspaceId, ctl.signal).then(
      (list) => setMembers(list.data),
      () => undefined,
    );
    return () => ctl.abort();
  }, [orgId, workspaceId, setOrg, loadList, loadCounts, setMembers]);

  const names = useMemo(() => namesById(members), [members]);
  const memberOptions = useMemo(
    () => members.filter((m) => m.user_status === 2).map((m) => ({ value: String(m.user_id), label: memberName(m) })),
    [members],
  );
  const showList = !phone || selectedId === null;
  const showChat = !phone || selectedId !== null;

  return (
    <Container size="xl" py="lg" fluid>
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={1} size="h3">
              {t('title')}
            </Title>
            <Tooltip label={live ? t('live_on') : t('live_off')}>
              <Badge size="xs" variant="dot" color={live ? 'green' : 'gray'} data-testid="live-badge" data-live={live}>
                {live ? t('live') : t('offline')}
              </Badge>
            </Tooltip>
          </Group>
          <Group gap="xs">
            <Button size="sm" variant="default" leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={() => setOpenChat(true)} data-testid="open-chat">
              {t('open_chat.button')}
            </Button>
            <ActionIcon size="lg" variant="default" aria-label={t('settings.title')} onClick={() => setDrawer(true)} data-testid="inbox-settings-button">
              <IconSettings size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <Grid gap="md">
          {showList && (
            <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
              <ChatterList names={names} mayUpgrade={admin} />
            </Grid.Col>
          )}
          {showChat && (
            <Grid.Col span={{ base: 12, md: 8, lg: 6 }}>
              <Stack gap="xs">
                {phone && (
                  <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} aria-hidden />} onClick={() => void select(null)} w="fit-content">
                    {t('back')}
                  </Button>
                )}
                <ConversationPane names={names} memberOptions={memberOptions} />
              </Stack>
            </Grid.Col>
          )}
          {showChat && (
            <Grid.Col span={{ base: 12, md: 12, lg: 3 }}>
              <ChatPanels names={names} memberOptions={memberOptions} contactPanel={contactPanel} />
            </Grid.Col>
          )}
        </Grid>
      </Stack>
      <OpenChat orgId={orgId} opened={openChat} onClose={() => setOpenChat(false)} />
      <Drawer opened={drawer} onClose={() => setDrawer(false)} position="right" size="lg" title={t('settings.title')}>
        <Stack gap="lg">
          <GatewayCard orgId={orgId} admin={admin} stamp={gatewayStamp} />
          <SettingsForm orgId={orgId} admin={admin} members={members} />
          <Divider />
          <BusinessHoursEditor orgId={orgId} admin={admin} />
        </Stack>
      </Drawer>
    </Container>
  );
}

/** `contactPanel`: the manage tools' panels for a contact (the app hands them in). */
export default function TeamInboxPage({ contactPanel }: { contactPanel: ContactPanel }) {
  const { t } = useTranslation('inbox');
  const { t: tc } = useTranslation('common');
  const ready = useNamespace('inbox');
  const current = useWorkspace((s) => s.current);
  const me = useWorkspace((s) => s.me);
  const workspace = useWorkspace((s) => s.status);
  const orgId = current?.org_id ?? null;
  const roleId = current?.role_id ?? null;
  const manager = !rule('access_check', { level: 'manager', roleId }).err;
  const admin = !rule('access_check', { level: 'admin', roleId }).err;
  const reset = useInbox((s) => s.reset);

  useEffect(() => {
    if (ready) document.title = `${t('title')} · Switchboard`;
  }, [ready, t]);
  useEffect(() => () => reset(), [reset]);

  if (!ready || (orgId === null && (workspace === 'loading' || workspace === 'idle'))) {
    return (
      <Container size="sm" py="xl">
        <Loader aria-label={tc('loading')} />
      </Container>
    );
  }
  if (orgId === null || !me) {
    return (
      <Container size="sm" py="xl">
        <Text data-testid="inbox-no-org">{t('no_org')}</Text>
      </Container>
    );
  }
  if (!manager) {
    return (
      <Container size="sm" py="xl">
        <Text data-testid="inbox-forbidden">{t('forbidden')}</Text>
      </Container>
    );
  }
  return <Inbox orgId={orgId} admin={admin} workspaceId={me.id} contactPanel={contactPanel} />;
}
