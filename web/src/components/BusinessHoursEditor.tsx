// The organisation's business hours (issue #30): each weekday's shifts (a split shift is two, up
// to four a day, none: closed), the holidays closed all day, and the two service targets — the
// first response and the call-back after a missed call, in minutes of business time. Response
// times, SLA shares and the team inbox's needs-reply clock count only these hours. Shown with its
// zone and the week's open hours; checked as it is typed by the `business_hours` rule (the one
// the server runs; until its module has loaded the form still works and the server checks), a
// refusal said under its field. Admins change it; everyone else reads it. Used by the team
// inbox's settings and the dashboard alike; brings its own catalogue (`settings`).
import { Alert, Badge, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBusinessHours, saveBusinessHours } from '@/api/businessHours';
import type { BusinessHoursView } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { draftOf, fieldOfRuleError, hoursText, updateOf, type HoursDraft, type HoursField } from '@/lib/businessHours';
import { codeOf, useCodeText } from '@/lib/errorText';
import { useNamespace } from '@/lib/i18nLazy';
import { useInsightsRules } from '@/lib/insightsDomain';
import { toast } from '@/lib/toast';
import { useLoad } from '@/lib/useLoad';
import { BusinessHoursHolidays } from './BusinessHoursHolidays';
import { BusinessHoursWeek } from './BusinessHoursWeek';
import { LoadingState, LoadStateOf } from './LoadStates';

const FIELDS: readonly HoursField[] = ['week', 'holidays', 'response_target_minutes', 'callback_target_minutes'];
const TARGET_MAX = 10_080;

/** `admin`: whether the caller may change them (the screen decides, by the `access_check` rule). */
export function BusinessHoursEditor({ orgId, admin }: { orgId: number; admin: boolean }) {
  const ready = useNamespace('settings');
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const read = useLoad((signal) => getBusinessHours(orgId, signal), [orgId]);

  if (!ready) return <LoadingState label={tc('loading')} compact />;
  if (read.phase !== 'ready' || !read.data) {
    return <LoadStateOf read={read} loading={t('business_hours.loading')} failed={t('business_hours.load_failed')} compact />;
  }
  return <HoursForm key={orgId} orgId={orgId} admin={admin} view={read.data} onSaved={read.setData} />;
}

function HoursForm({ orgId, admin, view, onSaved }: { orgId: number; admin: boolean; view: BusinessHoursView; onSaved: (v: BusinessHoursView) => void }) {
  const { t, i18n } = useTranslation('settings');
  const codeText = useCodeText();
  const titleId = useId();
  const { rules } = useInsightsRules();
  const [draft, setDraft] = useState<HoursDraft>(() => draftOf(view));
  const [refused, setRefused] = useState<Partial<Record<HoursField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The rule's verdict on the draft; null while its module loads. A zone the rule does not know
  // is the server's to judge (the admin cannot change it here).
  const checked = useMemo(() => rules?.rule('business_hours', { timeZone: view.time_zone, week: draft.week, holidays: draft.holidays }) ?? null, [rules, view.time_zone, draft.week, draft.holidays]);
  const ruleError = checked?.err !== undefined && checked.err !== 'unknown_time_zone' ? checked.err : null;
  const kept = checked?.ok;
  const unchanged = JSON.stringify(draft) === JSON.stringify(draftOf(view));
  const weekly = kept ? kept.weeklyMinutes : unchanged && !ruleError ? view.weekly_minutes : null;

  const errorOf = (field: HoursField): string | null => refused[field] ?? (ruleError && fieldOfRuleError(ruleError) === field ? codeText(ruleError) : null);

  function edit(patch: Partial<HoursDraft>, field: HoursField) {
    setDraft((d) => ({ ...d, ...patch }));
    setRefused((r) => ({ ...r, [field]: undefined }));
    setFailure(null);
  }

  async function save() {
    if (ruleError) return; // said under its field already
    setBusy(true);
    setRefused({});
    setFailure(null);
    try {
      const saved = await saveBusinessHours(updateOf(orgId, draft, kept));
      setDraft(draftOf(saved));
      onSaved(saved);
      toast.success(t('business_hours.saved'));
    } catch (e) {
      const named = e instanceof ApiError ? FIELDS.filter((f) => e.fields[f]) : [];
      if (e instanceof ApiError && named.length > 0) setRefused(Object.fromEntries(named.map((f) => [f, codeText(e.fields[f])])));
      else setFailure(codeOf(e));
    } finally {
      setBusy(false);
    }
  }

  const target = (field: 'response' | 'callback', key: HoursField, label: string) => (
    <NumberInput
      label={label}
      description={t('business_hours.target_hint')}
      min={1}
      max={TARGET_MAX}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      value={draft[field] ?? ''}
      onChange={(v) => edit({ [field]: typeof v === 'number' ? v : null }, key)}
      error={refused[key]}
      disabled={!admin}
      w={260}
    />
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} data-testid="business-hours">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {t('business_hours.title')}
        </Title>
        {weekly !== null && (
          <Badge variant="light" data-testid="bh-weekly">
            {t('business_hours.weekly_total', { hours: hoursText(weekly, i18n.language) })}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('business_hours.intro')}{' '}
        <span data-testid="bh-zone">{t('business_hours.zone', { zone: view.time_zone })}</span>
      </Text>
      {!view.set && (
        <Alert color="blue" variant="light" role="status" data-testid="bh-default">
          {t('business_hours.default_notice')}
        </Alert>
      )}
      <BusinessHoursWeek week={draft.week} onChange={(week) => edit({ week }, 'week')} disabled={!admin} error={errorOf('week')} />
      <BusinessHoursHolidays holidays={draft.holidays} onChange={(holidays) => edit({ holidays }, 'holidays')} disabled={!admin} error={errorOf('holidays')} />
      <Text size="sm" fw={500}>
        {t('business_hours.targets')}
      </Text>
      <Group gap="sm" align="flex-start">
        {target('response', 'response_target_minutes', t('business_hours.response_target'))}
        {target('callback', 'callback_target_minutes', t('business_hours.callback_target'))}
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {codeText(failure)}
        </Alert>
      )}
      {admin ? (
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={busy} data-testid="bh-save">
            {t('business_hours.save')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="bh-read-only">
          {t('business_hours.admins_only')}
        </Text>
      )}
    </Stack>
  );
}
