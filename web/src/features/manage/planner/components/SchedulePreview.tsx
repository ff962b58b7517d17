// "Next 5 sends": the schedule form's values run through the `schedule_preview` rule as they are
// typed, each send shown in the schedule's zone; a send whose wall-clock time did not exist that
// day (clocks going forward) says so and when it goes out instead.
import { Alert, Card, List, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RepeatUnit } from '@/generated/contract';
import type { ManageRules } from '@/lib/manageDomain';
import { formatWithWeekday, PREVIEW_COUNT, timeInZone, timeOfLocal } from '../logic';
import { usePlannerCodeText } from './shared';

export interface PreviewValues {
  start: string;
  timeZone: string;
  every: number | null;
  unit: RepeatUnit | null;
  stopAfter: number | null;
}

export function SchedulePreview({ rules, values }: { rules: ManageRules | null; values: PreviewValues }) {
  const { t, i18n } = useTranslation('planner');
  const codeText = usePlannerCodeText();
  const lang = i18n.language;
  const { start, timeZone, every, unit, stopAfter } = values;
  const outcome = useMemo(
    () =>
      rules && start
        ? rules.rule('schedule_preview', { start, timeZone, every, unit, stopAfter, count: PREVIEW_COUNT })
        : null,
    [rules, start, timeZone, every, unit, stopAfter],
  );

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="schedule-preview-title" data-testid="schedule-preview">
      <Text fw={600} size="sm" id="schedule-preview-title" mb={4}>
        {t('schedules.preview')}
      </Text>
      {!start ? (
        <Text size="sm" c="dimmed">
          {t('schedules.preview_empty')}
        </Text>
      ) : !rules ? (
        <Loader size="xs" aria-label={t('loading')} />
      ) : outcome?.err !== undefined ? (
        <Text size="sm" c="red" data-testid="preview-error">
          {codeText(outcome.err)}
        </Text>
      ) : (
        <List type="ordered" size="sm" spacing={4} aria-labelledby="schedule-preview-title">
          {(outcome?.ok ?? []).map((send) => (
            <List.Item key={send.index} data-testid="preview-send">
              <Text size="sm" span>
                {formatWithWeekday(send.atMs, timeZone, lang)}
              </Text>
              {send.shifted && (
                <Alert color="yellow" variant="light" p={4} mt={2} data-testid="preview-shifted">
                  <Text size="xs">
                    {t('schedules.preview_shifted', { asked: timeOfLocal(send.local), time: timeInZone(send.atMs, timeZone, lang) })}
                  </Text>
                </Alert>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
