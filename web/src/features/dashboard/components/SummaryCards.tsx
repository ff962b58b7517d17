// The counters of the period (001 §3 'Analytics counters') against the previous period of equal
// length: absolute and percentage change; growing from nothing reads "new".
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangeValue } from '@/generated/contract';
import { DIRECTIONS, duration, type CsvCell } from '../logic';
import type { Analytics } from '../stores/dashboard';
import { CsvButton } from './CsvButton';

/** The server's ChangeValue for counters it does not compare itself (per direction). */
export function change(current: number, previous: number): ChangeValue {
  return {
    current,
    previous,
    absolute: current - previous,
    percent: previous === 0 ? (current === 0 ? 0 : null) : ((current - previous) / previous) * 100,
  };
}

export interface Counter {
  key: 'total_calls' | 'total_duration' | 'unique_calls' | (typeof DIRECTIONS)[number] | 'chats';
  value: ChangeValue;
  isDuration?: boolean;
}

export function counters(data: Analytics): Counter[] {
  const c = data.comparison;
  return [
    { key: 'total_calls', value: c.total_count },
    { key: 'total_duration', value: c.total_duration, isDuration: true },
    { key: 'unique_calls', value: c.unique_calls },
    ...DIRECTIONS.map((d) => ({ key: d, value: change(c.current[d].total_count, c.previous[d].total_count) })),
    // Chat messages of the period, every hour of the day, compared by the server.
    { key: 'chats', value: c.chats },
  ];
}

/** Whether the period and the one before it recorded nothing at all (no call, no chat). */
export function nothingRecorded(data: Analytics): boolean {
  return counters(data).every((c) => c.value.current === 0 && c.value.previous === 0);
}

/** One counter as a card shows it: its label, and whether it is a number of seconds. */
export interface Shown {
  key: string;
  label: string;
  value: ChangeValue;
  isDuration?: boolean;
}

/**
 * A titled group of counter cards against the previous period, exportable as CSV: the call
 * summary and the chat counters look and export alike.
 */
export function CounterGroup({
  heading,
  headingId,
  file,
  list,
  testId,
}: {
  heading: string;
  headingId: string;
  file: string;
  list: Shown[];
  testId?: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const show = (c: Shown, n: number) => (c.isDuration ? duration(n) : nf.format(n));

  const changeText = (c: Shown) => {
    const v = c.value;
    const sign = v.absolute > 0 ? '+' : v.absolute < 0 ? '−' : '';
    const abs = c.isDuration ? duration(Math.abs(v.absolute)) : nf.format(Math.abs(v.absolute));
    const pct =
      v.percent === null ? (v.current > 0 ? t('cards.new') : t('cards.none')) : `${sign}${nf.format(Math.abs(v.percent))}%`;
    return { text: t('cards.change', { absolute: `${sign}${abs}`, percent: pct }), up: v.absolute > 0, down: v.absolute < 0 };
  };

  const rows = (): CsvCell[][] => [
    [t('csv.counter'), t('csv.current'), t('csv.previous'), t('csv.absolute'), t('csv.percent')],
    ...list.map((c) => [
      c.label,
      c.value.current,
      c.value.previous,
      c.value.absolute,
      c.value.percent === null ? '' : Math.round(c.value.percent * 10) / 10,
    ]),
  ];

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Group justify="space-between">
        <Title order={2} size="h4" id={headingId}>
          {heading}
        </Title>
        <CsvButton name={heading} file={file} rows={rows} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {list.map((c) => {
          const ch = changeText(c);
          return (
            <Card key={c.key} withBorder padding="sm" data-testid={`card-${c.key}`}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {c.label}
              </Text>
              <Text size="xl" fw={700} data-testid="card-value">
                {show(c, c.value.current)}
              </Text>
              <Text size="xs" c={ch.up ? 'teal' : ch.down ? 'red' : 'dimmed'} data-testid="card-change">
                {ch.text}
              </Text>
              <Text size="xs" c="dimmed" data-testid="card-previous">
                {t('cards.previous', { value: show(c, c.value.previous) })}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

export function SummaryCards({ data }: { data: Analytics }) {
  const { t } = useTranslation('dashboard');
  const list = counters(data).map((c) => ({ ...c, label: t(`cards.${c.key}`) }));
  return <CounterGroup heading={t('cards.heading')} headingId="dash-summary" file="summary" list={list} />;
}
