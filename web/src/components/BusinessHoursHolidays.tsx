// The business hours form's holidays: the dates closed all day, in order, each with a button to
// take it away, and a date input to add one. Read-only when `disabled`.
import { Badge, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holidayText } from '@/lib/businessHours';

export interface HolidaysProps {
  holidays: string[];
  onChange: (holidays: string[]) => void;
  disabled: boolean;
  /** The refusal said under the holidays (the rule's or the server's), else null. */
  error: string | null;
}

export function BusinessHoursHolidays({ holidays, onChange, disabled, error }: HolidaysProps) {
  const { t, i18n } = useTranslation('settings');
  const [date, setDate] = useState('');
  const shown = [...new Set(holidays)].sort();

  function add() {
    if (!date) return;
    if (!holidays.includes(date)) onChange([...holidays, date].sort());
    setDate('');
  }

  return (
    <Stack gap={6} data-testid="bh-holidays">
      <Text size="sm" fw={500}>
        {t('business_hours.holidays')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('business_hours.holidays_hint')}
      </Text>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="bh-no-holidays">
          {t('business_hours.no_holidays')}
        </Text>
      ) : (
        <Group gap={6} role="list" aria-label={t('business_hours.holidays')}>
          {shown.map((d) => {
            const text = holidayText(d, i18n.language);
            return (
              <Badge
                key={d}
                role="listitem"
                variant="light"
                color="gray"
                size="lg"
                tt="none"
                fw={500}
                data-testid="bh-holiday"
                data-date={d}
                rightSection={!disabled && <CloseButton size="xs" onClick={() => onChange(holidays.filter((h) => h !== d))} aria-label={t('business_hours.remove_holiday', { date: text })} />}
              >
                {text}
              </Badge>
            );
          })}
        </Group>
      )}
      {!disabled && (
        <Group gap="xs" align="flex-end">
          <TextInput
            size="xs"
            type="date"
            w={170}
            label={t('business_hours.holiday_date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button size="xs" variant="light" onClick={add} disabled={!date}>
            {t('business_hours.add_holiday')}
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="bh-holidays-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
