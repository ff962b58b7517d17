// The organisation's recent changes, for its admins (issue #25; `org_audit`): each line says who
// changed what, from → to, and when in the organisation's zone — renames, the logo, the time
// zone, a member's role, team, sync or details, a resent invitation. Newest first; older lines
// load a page at a time.
import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/LoadStates';
import { SectionHeading } from '@/components/SectionHeading';
import type { ActivityChange, OrgActivity } from '@/generated/contract';
import { useLoadMore } from '@/lib/useLoadMore';
import { fetchActivity } from '../api';
import { useOrganization } from '../stores/organization';

/** Lines asked for at a time. */
export const ACTIVITY_PAGE = 20;

/** The sentence of one line, in the screen's words. */
export function useActivityText() {
  const { t } = useTranslation('organization');
  const none = t('activity.none_value');
  const value = (c: ActivityChange, v: string | null): string => {
    if (c.field === 'role_id') return v === '1' || v === '2' || v === '3' ? t(`employees.role_${v}`) : (v ?? none);
    if (c.field === 'team_id') return v ?? t('employees.no_team');
    if (c.field === 'syncing_active') return v === 'true' ? t('employees.syncing') : t('employees.not_syncing');
    return v ?? none;
  };
  const change = (c: ActivityChange): string => {
    const parts = { from: value(c, c.from), to: value(c, c.to) };
    switch (c.field) {
      case 'role_id':
        return t('activity.field_role', parts);
      case 'team_id':
        return t('activity.field_team', parts);
      case 'syncing_active':
        return t('activity.field_sync', parts);
      case 'address':
        return t('activity.field_address', parts);
      case 'employee_code':
        return t('activity.field_employee_code', parts);
      default:
        return `${c.field}: ${parts.from} → ${parts.to}`;
    }
  };
  return (a: OrgActivity): string => {
    const actor = a.actor ?? t('activity.someone');
    const target = a.target ?? t('activity.someone_else');
    const first = a.changes[0];
    switch (a.action) {
      case 'organisation_renamed':
        return t('activity.renamed', { actor, from: first?.from ?? none, to: first?.to ?? none });
      case 'logo_changed':
        return first?.to ? t('activity.logo_changed', { actor }) : t('activity.logo_removed', { actor });
      case 'time_zone_changed':
        return t('activity.time_zone_changed', { actor, from: first?.from ?? none, to: first?.to ?? none });
      case 'invitation_resent':
        return t('activity.invitation_resent', { actor, target, email: first?.to ?? target });
      case 'member_joined_by_code':
        return t('activity.joined_by_code', { actor });
      case 'member_updated':
        return t('activity.member_updated', { actor, target, changes: a.changes.map(change).join('; ') });
      default:
        return t('activity.other', { actor });
    }
  };
}

export function ActivitySection() {
  const { t, i18n } = useTranslation('organization');
  const sentence = useActivityText();
  const orgId = useOrganization((s) => s.org?.org_id);
  const zone = useOrganization((s) => s.org?.time_zone);
  const { items, total, phase, errorCode, retry, more, loadingMore } = useLoadMore(
    orgId === undefined ? null : (page, signal) => fetchActivity(orgId, page, ACTIVITY_PAGE, signal),
    [orgId],
  );

  const when = (at: string) => {
    try {
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone ?? undefined }).format(new Date(at));
    } catch {
      return at;
    }
  };

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="org-activity-heading">
      <Stack gap="sm">
        <SectionHeading id="org-activity-heading" title={t('activity.title')} intro={t('activity.intro')} size="h4" />
        {phase === 'loading' && (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={t('activity.loading')} />
          </Group>
        )}
        {phase === 'error' && (
          <LoadError title={t('activity.load_failed')} code={errorCode ?? 'internal'} onRetry={retry} retryLabel={t('retry')} />
        )}
        {phase === 'ready' && items.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="activity-empty">
            {t('activity.empty')}
          </Text>
        )}
        {phase === 'ready' && items.length > 0 && (
          <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="activity-list">
            {items.map((a) => (
              <li key={a.id}>
                <Text size="sm">{sentence(a)}</Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={a.at}>{when(a.at)}</time>
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {phase === 'ready' && items.length < total && (
          <Group>
            <Button size="xs" variant="light" loading={loadingMore} onClick={() => void more()}>
              {t('activity.older', { count: total - items.length })}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
