// The dashboard's charts: calls and duration per direction, active hours 8–20 of calls and of
// chats, new calls per 12-hour bucket, and each day against the same day of the previous period.
// Buckets are laid out by the domain's `bucket_keys` (every bucket, empty ones at 0); labels are
// formatted here in the reader's language. Every series can be exported as CSV.
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Center, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import {
  BAR_COLOUR,
  DIRECTIONS,
  PREVIOUS_COLOUR,
  dailyRows,
  duration,
  halfDayRows,
  hourRows,
  type CsvCell,
  type DateRange,
} from '../logic';
import type { Analytics } from '../stores/dashboard';
import { CsvButton } from './CsvButton';

/** A chart with its title and CSV export; `empty` says what is missing instead of a flat chart. */
function ChartCard(props: { id: string; title: string; rows: () => CsvCell[][]; empty?: string | null; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={`chart-${props.id}`} data-testid={`chart-${props.id}`}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id={`chart-${props.id}`}>
          {props.title}
        </Title>
        <CsvButton name={props.title} file={props.id} rows={props.rows} />
      </Group>
      {props.empty ? (
        <Center mih={220}>
          <EmptyState title={props.empty} data-testid="chart-empty" />
        </Center>
      ) : (
        <div role="img" aria-label={props.title}>
          {props.children}
        </div>
      )}
    </Card>
  );
}

/** `2026-03-08` as a short local date label (the key is a calendar day, not an instant). */
export function useDayLabel() {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (date: string) => (date ? fmt.format(new Date(`${date}T00:00:00Z`)) : '');
}

export function Charts({ data, range, timeZone }: { data: Analytics; range: DateRange; timeZone: string | null }) {
  const { t } = useTranslation('dashboard');
  const day = useDayLabel();
  const totals = data.overview.totals;

  const directions = DIRECTIONS.map((d) => ({
    direction: t(`directions.${d}`),
    calls: totals[d].total_count,
    duration: totals[d].total_duration,
  }));
  const hours = hourRows(data.activeHours.calls, data.activeHours.chats, range, timeZone).map((h) => ({
    ...h,
    label: t('charts.hour', { hour: h.hour }),
  }));
  const halves = halfDayRows(data.newCalls.buckets, range, timeZone).map((b) => ({
    ...b,
    label: t(b.key.endsWith('T12') ? 'charts.pm' : 'charts.am', { date: day(b.key.slice(0, 10)) }),
  }));
  const daily = dailyRows(data.comparison).map((d) => ({ ...d, label: day(d.date) }));

  const calls = t('charts.calls');
  const chats = t('charts.chats');
  const dur = t('charts.duration');

  // A chart whose every bar is 0 says so (the period's words), rather than drawing a flat line.
  const none = (values: number[]) => values.every((v) => v === 0);
  const anyCall = !none(directions.map((d) => d.calls));
  const anyChat = data.comparison.chats.current > 0;
  const hoursSpan = { from: hours[0]?.label ?? '', to: hours.at(-1)?.label ?? '' };
  const hoursEmpty = (key: 'calls' | 'chats', any: boolean) =>
    !none(hours.map((h) => h[key]))
      ? null
      : !any
        ? t(key === 'calls' ? 'charts.no_calls' : 'charts.no_chats')
        : t(key === 'calls' ? 'charts.no_calls_hours' : 'charts.no_chats_hours', hoursSpan);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <ChartCard
          id="directions"
          title={t('charts.per_direction')}
          rows={() => [[t('csv.direction'), calls], ...directions.map((d) => [d.direction, d.calls])]}
          empty={anyCall ? null : t('charts.no_calls')}
        >
          <BarChart h={220} data={directions} dataKey="direction" series={[{ name: 'calls', label: calls, color: BAR_COLOUR }]} />
        </ChartCard>
        <ChartCard
          id="duration"
          title={t('charts.duration_per_direction')}
          rows={() => [[t('csv.direction'), t('csv.seconds')], ...directions.map((d) => [d.direction, d.duration])]}
          empty={!anyCall ? t('charts.no_calls') : none(directions.map((d) => d.duration)) ? t('charts.no_duration') : null}
        >
          <BarChart
            h={220}
            data={directions}
            dataKey="direction"
            valueFormatter={(v) => duration(v)}
            yAxisProps={{ tickFormatter: (v: number) => duration(Math.round(v / 3600) * 3600) }}
            series={[{ name: 'duration', label: dur, color: BAR_COLOUR }]}
          />
        </ChartCard>
        <ChartCard
          id="active-hours-calls"
          title={t('charts.active_hours_calls')}
          rows={() => [[t('csv.hour'), calls], ...hours.map((h) => [h.hour, h.calls])]}
          empty={hoursEmpty('calls', anyCall)}
        >
          <BarChart h={220} data={hours} dataKey="label" series={[{ name: 'calls', label: calls, color: BAR_COLOUR }]} />
        </ChartCard>
        <ChartCard
          id="active-hours-chats"
          title={t('charts.active_hours_chats')}
          rows={() => [[t('csv.hour'), chats], ...hours.map((h) => [h.hour, h.chats])]}
          empty={hoursEmpty('chats', anyChat)}
        >
          <BarChart h={220} data={hours} dataKey="label" series={[{ name: 'chats', label: chats, color: BAR_COLOUR }]} />
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        id="new-calls"
        title={t('charts.new_calls')}
        rows={() => [[t('csv.bucket'), calls], ...halves.map((b) => [b.key, b.count])]}
        empty={none(halves.map((b) => b.count)) ? t('charts.no_new_calls') : null}
      >
        <BarChart h={220} data={halves} dataKey="label" series={[{ name: 'count', label: calls, color: BAR_COLOUR }]} />
      </ChartCard>
      <ChartCard
        id="daily"
        title={t('charts.daily')}
        rows={() => [
          [t('csv.date'), t('csv.current'), t('csv.previous_date'), t('csv.previous'), t('csv.seconds')],
          ...daily.map((d) => [d.date, d.current, d.previousDate, d.previous, d.duration]),
        ]}
        empty={none(daily.flatMap((d) => [d.current, d.previous])) ? t('charts.no_calls_either') : null}
      >
        <LineChart
          h={240}
          data={daily}
          dataKey="label"
          withLegend
          curveType="linear"
          series={[
            { name: 'current', label: t('charts.current'), color: BAR_COLOUR },
            { name: 'previous', label: t('charts.previous'), color: PREVIOUS_COLOUR },
          ]}
        />
      </ChartCard>
    </Stack>
  );
}
