// Quick replies sent and messages scheduled (001 §3 'Analytics counters') for their own date
// type (000 §3 'Filter defaults: … date type This Month'): one of the nine presets, This Month
// by default, independent of the main period; the team and employee filters apply as above.
import { Alert, Anchor, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { useShallow } from 'zustand/react/shallow';
import type { DatePreset } from '@/generated/domain';
import { PRESETS } from '../logic';
import { useDashboard, type Usage } from '../stores/dashboard';
import { useDayLabel } from './Charts';

/** The two totals over every selected employee (scheduler counts are per workspace). */
export function usageTotals(u: Usage): { quickReplies: number; scheduled: number } {
  return {
    quickReplies: u.quickReplies.quick_reply_updated_counts.reduce((n, c) => n + c.count, 0),
    scheduled: u.schedulers.schedulers.reduce((n, c) => n + c.schedulers, 0),
  };
}

export function UsageCard() {
  const { t, i18n } = useTranslation('dashboard');
  const day = useDayLabel();
  const { usagePeriod, setFilters, phase, usage, loadUsage } = useDashboard(
    useShallow((s) => ({
      usagePeriod: s.filters.usagePeriod,
      setFilters: s.setFilters,
      phase: s.usagePhase,
      usage: s.usage,
      loadUsage: s.loadUsage,
    })),
  );
  if (phase === 'empty' || phase === 'idle') return null;
  const nf = new Intl.NumberFormat(i18n.language);
  const totals = usage ? usageTotals(usage) : null;
  const counter = (key: 'quick_replies' | 'scheduled', n: number | undefined) => (
    <Stack gap={0} data-testid={`usage-${key}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t(`usage.${key}`)}
      </Text>
      <Text size="xl" fw={700} data-testid="usage-value">
        {n === undefined ? '—' : nf.format(n)}
      </Text>
    </Stack>
  );

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="dash-usage" data-testid="usage-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id="dash-usage">
              {t('usage.heading')}
            </Title>
            {usage && (
              <Text size="xs" c="dimmed" data-testid="usage-range">
                {t('period', { start: day(usage.range.startDate), end: day(usage.range.endDate), days: usage.range.days })}
              </Text>
            )}
          </Stack>
          <Group gap="xs" align="flex-end">
            {phase === 'loading' && <Loader size="xs" aria-label={t('loading')} data-testid="usage-loader" />}
            <NativeSelect
              label={t('usage.date_type')}
              data={PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
              value={usagePeriod}
              onChange={(e) => setFilters({ usagePeriod: e.currentTarget.value as DatePreset })}
              w={200}
              data-testid="filter-date-type"
            />
          </Group>
        </Group>
        {phase === 'error' ? (
          <Alert color="red" role="alert" data-testid="usage-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('usage.load_failed')}</Text>
              <Button size="xs" variant="light" onClick={() => void loadUsage()}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <SimpleGrid cols={2} spacing="sm">
              {counter('quick_replies', totals?.quickReplies)}
              {counter('scheduled', totals?.scheduled)}
            </SimpleGrid>
            {phase === 'ready' && totals && totals.quickReplies === 0 && totals.scheduled === 0 && (
              <EmptyState
                compact
                title={t('usage.none')}
                action={
                  <Anchor component={Link} to="/quick-replies" size="sm">
                    {t('usage.open_tools')}
                  </Anchor>
                }
                data-testid="usage-empty"
              >
                {t('usage.none_hint')}
              </EmptyState>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
