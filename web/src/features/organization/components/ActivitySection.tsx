// The organisation's recent changes, for its admins (issue #25; `org_audit`): each line says who
// changed what, from → to, and when in the organisation's zone — renames, the logo, the time
// zone, a member's role, team, sync or details, a resent invitation. Newest first; older lines
// load a page at a time.
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityChange, OrgActivity } from '@/generated/contract';
import { codeOf } from '@/lib/errorText';
import { fetchActivity } from '../api';
import { useOrganization } from '../stores/organization';
import { useErrorText } from './useErrorText';

/** Lines asked for at a time. */
export const ACTIVITY_PAGE = 20;

type Phase = 'loading' | 'ready' | 'error';

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
      case 'member_updated':
        return t('activity.member_updated', { actor, target, changes: a.changes.map(change).join('; ') });
      default:
        return t('activity.other', { actor });
    }
  };
}

export function ActivitySection() {
  const { t, i18n } = useTranslation('organization');
  const { text: errorText } = useErrorText();
  const sentence = useActivityText();
  const orgId = useOrganization((s) => s.org?.org_id);
  const zone = useOrganization((s) => s.org?.time_zone);
  const [phase, setPhase] = useState<Phase>('loading');
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [items, setItems] = useState<OrgActivity[]>([]);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  /** The page the next "older" asks for. */
  const [next, setNext] = useState(1);

  const load = useCallback(
    async (page: number, signal?: AbortSignal) => {
      if (orgId === undefined) return;
      const answer = await fetchActivity(orgId, page, ACTIVITY_PAGE, signal);
      setItems((shown) => (page === 0 ? answer.items : [...shown, ...answer.items]));
      setTotal(answer.total);
      setNext(answer.page + 1);
    },
    [orgId],
  );

  useEffect(() => {
    const ctl = new AbortController();
    setPhase('loading');
    load(0, ctl.signal)
      .then(() => setPhase('ready'))
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setErrorCode(codeOf(e));
        setPhase('error');
      });
    return () => ctl.abort();
  }, [load]);

  async function more() {
    setLoadingMore(true);
    try {
      await load(next);
    } catch (e) {
      setErrorCode(codeOf(e));
      setPhase('error');
    } finally {
      setLoadingMore(false);
    }
  }

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
        <div>
          <Title order={2} size="h4" id="org-activity-heading">
            {t('activity.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('activity.intro')}
          </Text>
        </div>
        {phase === 'loading' && (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={t('activity.loading')} />
          </Group>
        )}
        {phase === 'error' && (
          <Alert color="red" role="alert" title={t('activity.load_failed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(errorCode ?? 'internal')}</Text>
              <Button size="xs" variant="light" onClick={() => void load(0).then(() => setPhase('ready'), () => undefined)}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
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
