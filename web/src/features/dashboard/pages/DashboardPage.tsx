// /conversations/analytics and /dashboard (001 §2): the calls and chats of the employees the
// caller may see, for a period, a team or one employee — counters against the previous period,
// quick replies and scheduled messages for their own date type (This Month by default),
// charts, top performers and those needing attention, and calls per employee, each exportable
// as CSV. The chart library and its styles load with this page only. The filters live in the
// address (`?period=…&team=…`), so a view can be shared and survives a reload: read once when the
// page opens (what is not valid there falls back to the defaults), written back on each change
// (replacing the entry, so Back leaves the page) once the store holds them.
import '@mantine/charts/styles.css';
import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { IconFilterOff, IconUsers } from '@tabler/icons-react';
import { NoOrganisation } from '@/components/NoOrganisation';
import { EmptyState } from '@/components/EmptyState';
import { rule } from '@/lib/domain';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { Charts, useDayLabel } from '../components/Charts';
import { ChatCounters } from '../components/ChatCounters';
import { EmployeeTable, Rankings } from '../components/EmployeeTable';
import { Filters } from '../components/Filters';
import { FirstSteps } from '../components/FirstSteps';
import { nothingRecorded, SummaryCards } from '../components/SummaryCards';
import { UsageCard } from '../components/UsageCard';
import { filtersToQuery, resolveRange } from '../logic';
import { useDashboard, type Context } from '../stores/dashboard';
import { useCodeText } from '@/lib/errorText';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const codeText = useCodeText();
  const errorText = (code: string | null) => codeText(code ?? 'internal');
  const day = useDayLabel();
  const workspaceId = useSession((s) => s.user?.id);
  const { wsStatus, current, me, org } = useWorkspace(
    useShallow((s) => ({ wsStatus: s.status, current: s.current, me: s.me, org: s.org })),
  );
  const s = useDashboard(
    useShallow((x) => ({
      setup: x.setup,
      phase: x.phase,
      loading: x.loading,
      errorCode: x.errorCode,
      range: x.range,
      data: x.data,
      teams: x.teams,
      members: x.members,
      filters: x.filters,
      setFilters: x.setFilters,
      init: x.init,
      load: x.load,
      reset: x.reset,
    })),
  );
  const orgId = current?.org_id ?? null;
  const timeZone = org?.time_zone ?? null;
  const filtered = s.filters.teamId !== null || s.filters.userId !== null;
  const [query, setQuery] = useSearchParams();
  const mayInvite = rule('access_check', { level: 'manager', roleId: current?.role_id ?? null }).err === undefined;

  useEffect(() => {
    document.title = `${t('title')} · Switchboard`;
  }, [t]);

  const { init, reset } = s;
  // The address as it is when the dashboard (re)starts, not a dependency: the page writes it.
  const start = useEffectEvent((ctx: Context) => init(ctx, undefined, query));
  useEffect(() => {
    if (orgId === null || workspaceId === undefined) return;
    void start({
      orgId,
      workspaceId,
      timeZone,
      viewer: {
        roleId: current?.role_id ?? null,
        teamId: current?.team_id ?? null,
        userId: workspaceId,
        mobile: me?.mobile ?? null,
      },
    });
    return () => reset();
  }, [orgId, workspaceId, timeZone, current?.role_id, current?.team_id, me?.mobile, reset]);

  // The filters into the address once they are the store's, and only a range that is asked for
  // (not a custom one half chosen or refused): the address says what the figures show.
  useEffect(() => {
    if (s.setup !== 'ready' || resolveRange(s.filters, Date.now(), timeZone).err !== undefined) return;
    const next = filtersToQuery(s.filters, query);
    if (next.toString() !== query.toString()) setQuery(next, { replace: true, preventScrollReset: true });
  }, [s.setup, s.filters, timeZone, query, setQuery]);

  const header = (
    <Group justify="space-between" align="center">
      <Title order={1}>{t('title')}</Title>
      <Group gap="xs" aria-live="polite">
        {s.range && (
          <Text size="sm" c="dimmed" data-testid="dashboard-range">
            {t('period', { start: day(s.range.startDate), end: day(s.range.endDate), days: s.range.days })}
          </Text>
        )}
        {s.loading && <Loader size="sm" aria-label={t('loading')} data-testid="dashboard-loader" />}
      </Group>
    </Group>
  );

  if (orgId === null && (wsStatus === 'idle' || wsStatus === 'loading')) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }

  if (orgId === null) {
    return (
      <Container size="xl" py="lg">
        <NoOrganisation
          heading={<Title order={1}>{t('title')}</Title>}
          title={t('no_org_title')}
          body={t('no_org_body')}
          createLabel={t('create_org')}
        />
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        {header}
        {(s.setup === 'loading' || s.setup === 'idle') && (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        )}
        {s.setup === 'error' && (
          <Alert color="red" title={t('setup_failed')} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(s.errorCode)}</Text>
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  workspaceId !== undefined &&
                  void init(
                    {
                      orgId,
                      workspaceId,
                      timeZone,
                      viewer: { roleId: current?.role_id ?? null, teamId: current?.team_id ?? null, userId: workspaceId, mobile: me?.mobile ?? null },
                    },
                    undefined,
                    query,
                  )
                }
              >
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {s.setup === 'ready' && (
          <>
            <Filters />
            {s.phase === 'range_invalid' && (
              <Alert color="yellow" role="alert">
                {s.errorCode === 'range_too_long' ? errorText(s.errorCode) : t('range_invalid')}
              </Alert>
            )}
            {s.phase === 'empty' &&
              (filtered ? (
                <EmptyState
                  icon={<IconFilterOff size={22} />}
                  title={t('empty_title')}
                  action={
                    <Button variant="light" onClick={() => s.setFilters({ teamId: null, userId: null })}>
                      {t('show_everyone')}
                    </Button>
                  }
                  data-testid="dashboard-empty"
                >
                  {t('empty_body')}
                </EmptyState>
              ) : (
                // Nobody the viewer may see is active: analytics start with the team joining.
                <EmptyState
                  icon={<IconUsers size={22} />}
                  title={t('no_active_title')}
                  action={
                    mayInvite && (
                      <Button component={Link} to="/organization" variant="light">
                        {t('invite')}
                      </Button>
                    )
                  }
                  data-testid="dashboard-empty"
                >
                  {mayInvite ? t('no_active_body') : t('no_active_ask')}
                </EmptyState>
              ))}
            {s.phase === 'error' && (
              <Alert color="red" title={t('load_failed')} role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{errorText(s.errorCode)}</Text>
                  <Button size="xs" variant="light" onClick={() => void s.load()}>
                    {t('retry')}
                  </Button>
                </Stack>
              </Alert>
            )}
            {/* The results stay mounted while a custom range is chosen or refused. */}
            {(s.phase === 'ready' || s.phase === 'range_invalid') && s.data && (
              <Stack gap="lg" aria-busy={s.loading} data-testid="dashboard-results">
                {nothingRecorded(s.data) && <FirstSteps />}
                <SummaryCards data={s.data} />
                <ChatCounters data={s.data} />
                <UsageCard />
                <Charts data={s.data} range={s.data.range} timeZone={timeZone} />
                <Rankings data={s.data} teams={s.teams} members={s.members} />
                <EmployeeTable data={s.data} teams={s.teams} members={s.members} />
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
