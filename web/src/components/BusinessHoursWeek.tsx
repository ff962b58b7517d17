// The business hours form's week: a row for each weekday, Monday first, with its shifts — two
// time inputs each (a shift closing at 00:00 runs to midnight), a button to take one away and one
// to add another, up to four — or "Closed" for a day without any. Read-only when `disabled`.
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BusinessShift } from '@/generated/contract';
import { keptEnd, MAX_SHIFTS_PER_DAY, nextShift, shownEnd, weekdayNames } from '@/lib/businessHours';

export interface WeekProps {
  week: BusinessShift[][];
  onChange: (week: BusinessShift[][]) => void;
  disabled: boolean;
  /** The refusal said under the week (the rule's or the server's), else null. */
  error: string | null;
}

export function BusinessHoursWeek({ week, onChange, disabled, error }: WeekProps) {
  const { t, i18n } = useTranslation('settings');
  const names = weekdayNames(i18n.language);
  const setDay = (d: number, shifts: BusinessShift[]) => onChange(week.map((day, i) => (i === d ? shifts : day)));
  const setShift = (d: number, j: number, patch: Partial<BusinessShift>) => setDay(d, week[d]!.map((s, k) => (k === j ? { ...s, ...patch } : s)));

  return (
    <Stack gap={6} role="group" aria-label={t('business_hours.week')} data-testid="bh-week">
      {week.map((shifts, d) => {
        const day = names[d] ?? '';
        return (
          <Group key={d} gap="xs" align="flex-start" wrap="nowrap" data-testid="bh-day" data-day={d}>
            <Text size="sm" fw={500} w={110} pt={4} style={{ flexShrink: 0 }}>
              {day}
            </Text>
            <Stack gap={4} style={{ flex: 1 }}>
              {shifts.length === 0 && (
                <Text size="sm" c="dimmed" pt={4} data-testid="bh-closed">
                  {t('business_hours.closed')}
                </Text>
              )}
              {shifts.map((s, j) => {
                const n = { day, n: j + 1 };
                return (
                  <Group key={j} gap={6} wrap="nowrap" data-testid="bh-shift">
                    <TextInput size="xs" type="time" w={110} value={s.start} onChange={(e) => setShift(d, j, { start: e.currentTarget.value })} disabled={disabled} aria-label={t('business_hours.shift_start', n)} />
                    <Text size="sm" aria-hidden>
                      –
                    </Text>
                    <TextInput size="xs" type="time" w={110} value={shownEnd(s.end)} onChange={(e) => setShift(d, j, { end: keptEnd(e.currentTarget.value) })} disabled={disabled} aria-label={t('business_hours.shift_end', n)} />
                    {!disabled && (
                      <ActionIcon variant="subtle" color="gray" onClick={() => setDay(d, shifts.filter((_, k) => k !== j))} aria-label={t('business_hours.remove_shift', n)}>
                        <IconX size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
            </Stack>
            {!disabled && shifts.length < MAX_SHIFTS_PER_DAY && (
              <Button size="compact-xs" variant="subtle" mt={4} leftSection={<IconPlus size={12} aria-hidden />} onClick={() => setDay(d, [...shifts, nextShift(shifts)])} aria-label={t('business_hours.add_shift_on', { day })}>
                {t('business_hours.add_shift')}
              </Button>
            )}
          </Group>
        );
      })}
      <Text size="xs" c="dimmed">
        {t('business_hours.midnight_hint')}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="bh-week-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
