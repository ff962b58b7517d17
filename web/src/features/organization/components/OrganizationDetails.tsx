// Organisation Details: logo (or initials), name, the shareable organisation code with a copy
// button, and the plan and seat summary from the credit history and remaining-seats calls.
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rule } from '@/lib/domain';
import { apiFetch } from '@/lib/api';
import { usePlanName } from '@/lib/planName';
import { toast } from '@/lib/toast';
import { allowed, minTeamSize } from '../logic';
import { useOrganization } from '../stores/organization';
import { EditOrganisationModal } from './EditOrganisationModal';
import { TimeZoneModal } from './TimeZoneModal';

function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {copied ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </>
      )}
    </svg>
  );
}

export function OrganizationDetails() {
  const { t, i18n } = useTranslation('organization');
  const { t: te } = useTranslation('errors');
  const org = useOrganization((s) => s.org);
  const credit = useOrganization((s) => s.credit);
  const seats = useOrganization((s) => s.seats);
  const summaryPhase = useOrganization((s) => s.summaryPhase);
  const refreshSummary = useOrganization((s) => s.refreshSummary);
  const isAdmin = useOrganization((s) => allowed('admin', s.mapping?.role_id));
  const [zoneOpen, setZoneOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const planName = usePlanName();
  const setOrg = useOrganization((s) => s.setOrg);
  const [savingJoin, setSavingJoin] = useState(false);
  if (!org) return null;

  async function toggleJoin(enabled: boolean) {
    if (!org) return;
    setSavingJoin(true);
    try {
      await apiFetch('/api/organizations/join-by-code', { method: 'PUT', body: { org_id: org.org_id, enabled } });
      setOrg({ ...org, join_by_code: enabled });
      toast.success(t('join.saved'));
    } catch {
      toast.error(te('internal'));
    } finally {
      setSavingJoin(false);
    }
  }

  const notice =
    credit?.is_trial && credit.validity
      ? rule('trial_notice', {
          validity: credit.validity,
          isTrial: credit.is_trial,
          now: Date.now(),
          timeZone: org.time_zone,
        }).ok
      : undefined;
  const validUntil = credit?.validity
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: org.time_zone }).format(
        new Date(credit.validity),
      )
    : null;

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="org-details-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="org-details-heading">
          {t('details.heading')}
        </Title>
        <Group align="center" gap="md" wrap="nowrap">
          <Avatar
            src={org.org_logo || null}
            alt={t('details.logo_alt', { name: org.org_name })}
            name={org.org_name}
            color="initials"
            size="lg"
            radius="md"
          />
          <Stack gap={4}>
            <Text fw={700} size="lg" data-testid="org-name">
              {org.org_name}
            </Text>
            <Group gap="xs" align="center">
              <Text size="sm" c="dimmed" id="org-code-label">
                {t('details.code')}
              </Text>
              <Code fz="sm" aria-labelledby="org-code-label" data-testid="org-code">
                {org.organization_code}
              </Code>
              <CopyButton value={org.organization_code} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('details.copied') : t('details.copy_code')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      aria-label={t('details.copy_code')}
                      onClick={() => {
                        copy();
                        toast.success(t('details.copied'));
                      }}
                    >
                      <CopyIcon copied={copied} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Group gap="xs" align="center">
              <Text size="sm" c="dimmed" data-testid="org-time-zone">
                {t('details.time_zone')}: {org.time_zone}
              </Text>
              {isAdmin && (
                <Button size="compact-xs" variant="subtle" onClick={() => setZoneOpen(true)}>
                  {t('details.change_time_zone')}
                </Button>
              )}
              {isAdmin && (
                <Button size="compact-xs" variant="subtle" onClick={() => setEditOpen(true)} data-testid="edit-organisation">
                  {t('edit_org.open')}
                </Button>
              )}
            </Group>
            {isAdmin && (
              <Switch
                size="sm"
                label={t('join.setting')}
                description={t('join.setting_hint')}
                checked={org.join_by_code}
                disabled={savingJoin}
                onChange={(e) => void toggleJoin(e.currentTarget.checked)}
                data-testid="join-by-code"
              />
            )}
          </Stack>
        </Group>

        {summaryPhase === 'loading' && <Skeleton height={48} aria-label={t('loading')} />}
        {summaryPhase === 'error' && (
          <Alert color="red" title={t('details.summary_failed')}>
            <Button size="xs" variant="light" onClick={() => void refreshSummary(true)}>
              {t('retry')}
            </Button>
          </Alert>
        )}
        {summaryPhase === 'ready' && credit && seats && (
          <Group gap="xl" align="flex-start" data-testid="plan-summary">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('details.plan')}
              </Text>
              <Group gap="xs">
                <Text fw={600} data-testid="plan-name">
                  {planName(credit.plan_id)}
                </Text>
                {credit.is_trial && (
                  <Badge color="yellow" variant="light">
                    {t('details.trial')}
                  </Badge>
                )}
              </Group>
              {notice && <Text size="sm">{te(notice.code, { n: notice.n ?? 0 })}</Text>}
              {!notice && validUntil && (
                <Text size="sm" c="dimmed">
                  {t('details.valid_until', { date: validUntil })}
                </Text>
              )}
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('details.seats')}
              </Text>
              <Text fw={600}>{t('details.seats_used', { used: seats.seats_used, issued: seats.seat_issued })}</Text>
              <Text size="sm">{t('details.seats_remaining', { remaining: seats.remaining_seats })}</Text>
              <Text size="xs" c="dimmed">
                {t('details.min_team_size', { n: minTeamSize() })}
              </Text>
            </Stack>
          </Group>
        )}
      </Stack>
      <TimeZoneModal opened={zoneOpen} onClose={() => setZoneOpen(false)} />
      <EditOrganisationModal opened={editOpen} onClose={() => setEditOpen(false)} />
    </Card>
  );
}
