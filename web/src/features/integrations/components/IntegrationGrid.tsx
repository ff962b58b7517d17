// The card grid of 000 §2: each integration with its badge, Connected / Not connected, the
// type label, a description and Configure. A card the viewer may not open (the spreadsheet for
// non-admins, 000 §6 via the `card_access` rule) says so instead of opening. After the providers
// come the team inbox (admins and managers) and the leads section, listed only.
import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getGateway } from '@/api/inbox';
import { rule } from '@/lib/domain';
import { useTranslation } from 'react-i18next';
import type { Provider } from '@/generated/domain';
import { useWorkspace } from '@/stores/workspace';
import { toast } from '@/lib/toast';
import { CARDS, type CardDef } from '../catalog';
import { refreshWorkspaceFlags, useConnected, useIntegrations } from '../stores/integrations';
import { LastSyncLine } from './LastSync';

export function BrandBadge({ card, size = 48 }: { card: CardDef; size?: number }) {
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{
        borderRadius: 12,
        background: card.color,
        color: 'white',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
        fontSize: size / (card.initials.length > 2 ? 3.4 : 2.6),
        flexShrink: 0,
      }}
    >
      {card.initials}
    </Box>
  );
}

export function ConnectedBadge({ connected }: { connected: boolean }) {
  const { t } = useTranslation('integrations');
  return (
    <Badge color={connected ? 'teal' : 'gray'} variant="light" data-testid="connected-state">
      {connected ? t('connected') : t('not_connected')}
    </Badge>
  );
}

function IntegrationCardView({ card, denied, onOpen }: { card: CardDef; denied: string | null; onOpen: () => void }) {
  const { t } = useTranslation('integrations');
  const connected = useConnected(card.key);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={card.title} data-testid={`card-${card.key}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start">
          <BrandBadge card={card} />
          <ConnectedBadge connected={connected} />
        </Group>
        <div>
          <Title order={3} size="h4">
            {card.title}
          </Title>
          <Text size="xs" c="dimmed" data-testid="type-label">
            {t(`type_label.${card.sync}`)}
          </Text>
        </div>
        <Text size="sm" style={{ flex: 1 }}>
          {t(`details.${card.key}`)}
        </Text>
        {connected && <LastSyncLine cardKey={card.key} />}
        {denied && (
          <Text size="xs" c="orange.8">
            {denied}
          </Text>
        )}
        <Button
          variant="light"
          onClick={() => (denied ? toast.error(denied) : onOpen())}
          aria-label={t('configure_aria', { name: card.title })}
        >
          {t('configure')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * 000 §2 lists "team inbox" among the integrations: the shared number connected through the
 * organisation's WhatsApp gateway. Its card says whether it is connected and opens the inbox's
 * settings, where it is connected; shown to admins and managers of an organisation.
 */
function TeamInboxCard({ orgId }: { orgId: number }) {
  const { t } = useTranslation('integrations');
  const [connected, setConnected] = useState<boolean | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    getGateway(orgId, ctl.signal).then(
      (s) => setConnected(s.connected),
      () => setConnected(null),
    );
    return () => ctl.abort();
  }, [orgId]);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={t('team_inbox.title')} data-testid="card-team_inbox">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start">
          <BrandBadge card={{ color: '#25D366', initials: 'TI' } as CardDef} />
          {connected !== null && <ConnectedBadge connected={connected} />}
        </Group>
        <div>
          <Title order={3} size="h4">
            {t('team_inbox.title')}
          </Title>
          <Text size="xs" c="dimmed" data-testid="type-label">
            {t('team_inbox.type_label')}
          </Text>
        </div>
        <Text size="sm" style={{ flex: 1 }}>
          {t('team_inbox.details')}
        </Text>
        <Button variant="light" component={Link} to="/team-inbox?settings=1">
          {connected ? t('team_inbox.open') : t('team_inbox.set_up')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * 000 §2 ends the sections with "a leads-integration section (listed only)": the organisation's
 * contacts and deals (/leads, /leadcrm) kept in step with the CRM. It has no settings of its own,
 * so its card says what it is and links to the two screens; a labelled section rather than an
 * article, as it is no integration to connect.
 */
function LeadsCard() {
  const { t } = useTranslation('integrations');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('leads.title')} data-testid="card-leads">
      <Stack gap="sm" h="100%">
        <ThemeIcon aria-hidden size={48} radius={12} color="violet">
          <IconAddressBook size={26} />
        </ThemeIcon>
        <div>
          <Title order={3} size="h4">
            {t('leads.title')}
          </Title>
          <Text size="xs" c="dimmed" data-testid="type-label">
            {t('leads.type_label')}
          </Text>
        </div>
        <Text size="sm" style={{ flex: 1 }}>
          {t('leads.details')}
        </Text>
        <Button variant="light" component={Link} to="/leads">
          {t('leads.open')}
        </Button>
        <Button variant="subtle" component={Link} to="/leadcrm">
          {t('leads.open_crm')}
        </Button>
      </Stack>
    </Card>
  );
}

export function IntegrationGrid({
  deniedFor,
  onOpen,
}: {
  deniedFor: (key: Provider) => string | null;
  onOpen: (card: CardDef) => void;
}) {
  const { t } = useTranslation('integrations');
  const orgId = useWorkspace((s) => s.current?.org_id ?? null);
  const roleId = useWorkspace((s) => s.current?.role_id ?? null);
  const manager = orgId !== null && !rule('access_check', { level: 'manager', roleId }).err;
  // 000 §4 'Connection status is loaded when the page opens'; with it, each link's last sync.
  useEffect(() => {
    void refreshWorkspaceFlags(true);
  }, []);
  useEffect(() => {
    if (orgId !== null) void useIntegrations.getState().loadLastSync(orgId);
  }, [orgId]);
  return (
    <Stack>
      <Title order={1}>{t('title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {CARDS.map((card) => (
          <IntegrationCardView key={card.key} card={card} denied={deniedFor(card.key)} onOpen={() => onOpen(card)} />
        ))}
        {manager && orgId !== null && <TeamInboxCard orgId={orgId} />}
        <LeadsCard />
      </SimpleGrid>
    </Stack>
  );
}
