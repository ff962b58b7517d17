// Quick reply analytics (000 §2 /quick-replies/analytics; 001 §3 'Quick reply analytics:
// quick_reply_updated_counts of {user_id, count}'): quick replies sent per employee the caller
// may see, for one of the dashboard's periods (its presets and their names, or a custom range
// of local days checked by the same date rule), with employees named as the dashboard names
// them ('Admin', 'NA'). Loading, empty and error states; an organisation is needed.
import { Alert, Anchor, Button, Container, Group, Loader, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconChartBar } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import type { Employee, QuickReplyAnalytics } from '@/generated/contract';
import type { DatePreset } from '@/generated/domain';
import { rule, value } from '@/lib/domain';
import { errorCodeOf, useCodeText } from '@/lib/errorText';
import { DATE_PRESETS } from '@/lib/periods';
import { useNamespace } from '@/lib/i18nLazy';
import { useWorkspace } from '@/stores/workspace';
import * as api from '../api';

/** The dashboard's periods (000 §3), its default first. */
const PERIODS: readonly (DatePreset | 'custom')[] = ['last_7_days', ...DATE_PRESETS, 'custom'];

/** Periods of half a year or more: an empty one is not widened further. */
const LONG_PERIODS: readonly (DatePreset | 'custom')[] = ['last_6_months', 'this_year', 'last_year'];

type State =
  | { status: 'loading' }
  | { status: 'ready'; data: QuickReplyAnalytics }
  | { status: 'error'; code: string }
  | { status: 'invalid'; code: string };

export default function QuickReplyAnalyticsPage() {
  const ready = useNamespace('manage');
  const { t } = useTranslation('manage');
  const { t: td } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const codeText = useCodeText();
  const current = useWorkspace((s) => s.current);
  const me = useWorkspace((s) => s.me);
  const org = useWorkspace((s) => s.org);
  const workspace = useWorkspace((s) => s.status);
  const orgId = current?.org_id ?? null;
  const [period, setPeriod] = useState<DatePreset | 'custom'>('last_7_days');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [state, setState] = useState<State>({ status: 'loading' });
  const [members, setMembers] = useState<Employee[]>([]);
  const [attempt, setAttempt] = useState(0);
  const title = ready ? t('analytics.title') : '';

  useEffect(() => {
    if (title) document.title = `${title} · Switchboard`;
  }, [title]);

  useEffect(() => {
    if (orgId === null || !me) return;
    let live = true;
    api.fetchMembers(orgId, me.id).then(
      (list) => live && setMembers(list.data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orgId, me]);

  const query = useCallback((): api.AnalyticsParams | { invalid: string } | null => {
    if (orgId === null) return null;
    if (period !== 'custom') return { org_id: orgId, preset: period };
    if (!start || !end) return { invalid: 'fields_required' };
    const checked = rule('date_range', { startDate: start, endDate: end, timeZone: org?.time_zone ?? null });
    if (checked.err !== undefined) return { invalid: checked.err };
    return { org_id: orgId, start_date: start, end_date: end };
  }, [orgId, period, start, end, org?.time_zone]);

  useEffect(() => {
    const q = query();
    if (q === null) return;
    if ('invalid' in q) {
      setState({ status: 'invalid', code: q.invalid });
      return;
    }
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    api.fetchQuickReplyAnalytics(q, ctrl.signal).then(
      (data) => setState({ status: 'ready', data }),
      (e: unknown) => {
        if (!ctrl.signal.aborted) setState({ status: 'error', code: errorCodeOf(e) });
      },
    );
    return () => ctrl.abort();
  }, [query, attempt]);

  const nameOf = (userId: number) => {
    const m = members.find((x) => x.user_id === userId);
    if (!m) return `#${userId}`;
    const d = value('display_name', { name: m.whatzapp_basic_info.name ?? null, roleId: m.role_id ?? null });
    return 'name' in d ? d.name : td(d.fallback === 'admin' ? 'names.admin' : 'names.na');
  };

  if (!ready || (orgId === null && (workspace === 'loading' || workspace === 'idle'))) {
    return (
      <Container size="lg" py="lg">
        <Loader size="sm" aria-label={tc('loading')} />
      </Container>
    );
  }

  const rows = state.status === 'ready' ? [...state.data.quick_reply_updated_counts].sort((a, b) => b.count - a.count) : [];
  const total = rows.reduce((n, r) => n + r.count, 0);
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={1}>{t('analytics.title')}</Title>
          <Anchor component={Link} to="/quick-replies" size="sm">
            {t('analytics.back')}
          </Anchor>
        </Group>
        {orgId === null ? (
          <Text data-testid="analytics-no-org">{t('analytics.no_org')}</Text>
        ) : (
          <>
            <Group align="flex-end" gap="md" role="search" aria-label={t('analytics.filters')}>
              <NativeSelect
                label={t('analytics.period')}
                w={220}
                value={period}
                onChange={(e) => setPeriod(e.currentTarget.value as DatePreset | 'custom')}
                data={PERIODS.map((p) => ({ value: p, label: td(`presets.${p}`) }))}
              />
              {period === 'custom' && (
                <>
                  <TextInput type="date" label={t('analytics.start')} w={170} value={start} max={end || undefined} onChange={(e) => setStart(e.currentTarget.value)} />
                  <TextInput type="date" label={t('analytics.end')} w={170} value={end} min={start || undefined} onChange={(e) => setEnd(e.currentTarget.value)} />
                </>
              )}
            </Group>
            {state.status === 'invalid' && (
              <Text size="sm" c="red" role="alert">
                {codeText(state.code)}
              </Text>
            )}
            {state.status === 'loading' && <Loader size="sm" aria-label={tc('loading')} data-testid="analytics-loading" />}
            {state.status === 'error' && (
              <Alert color="red" variant="light" role="alert" data-testid="analytics-error">
                <Group justify="space-between">
                  <Text size="sm">{codeText(state.code)}</Text>
                  <Button size="xs" variant="white" onClick={() => setAttempt((n) => n + 1)}>
                    {t('retry')}
                  </Button>
                </Group>
              </Alert>
            )}
            {state.status === 'ready' && (
              <Stack gap="xs">
                <Text size="sm" c="dimmed" data-testid="analytics-range">
                  {t('analytics.range', { start: state.data.range.start_date, end: state.data.range.end_date })}
                </Text>
                {total === 0 ? (
                  <EmptyState
                    icon={<IconChartBar size={22} />}
                    title={t('analytics.empty')}
                    action={
                      <Group gap="xs" justify="center">
                        {!LONG_PERIODS.includes(period) && (
                          <Button variant="light" onClick={() => setPeriod('last_6_months')}>
                            {t('analytics.show_longer')}
                          </Button>
                        )}
                        <Button component={Link} to="/quick-replies" variant="default">
                          {t('analytics.open_replies')}
                        </Button>
                      </Group>
                    }
                    data-testid="analytics-empty"
                  >
                    {t('analytics.empty_hint')}
                  </EmptyState>
                ) : (
                  <Table data-testid="analytics-table" maw={560}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('analytics.employee')}</Table.Th>
                        <Table.Th ta="right">{t('analytics.sent')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((r) => (
                        <Table.Tr key={r.user_id}>
                          <Table.Td>{nameOf(r.user_id)}</Table.Td>
                          <Table.Td ta="right">{r.count}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                    <Table.Tfoot>
                      <Table.Tr>
                        <Table.Th>{t('analytics.total')}</Table.Th>
                        <Table.Th ta="right" data-testid="analytics-total">
                          {total}
                        </Table.Th>
                      </Table.Tr>
                    </Table.Tfoot>
                  </Table>
                )}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
