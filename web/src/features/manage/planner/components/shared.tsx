// Pieces both planner tabs use: the zone picker (the product's zones, the browser's by default),
// a clock that ticks each minute for "in 3 hours" labels, the loading and failure states, the
// delete confirmation, and the translation of a rule or server code with the planner's own
// wording for the phone codes (001 §5 'Invalid phone number. Phone numbers need a country code.').
import { Alert, Button, Group, Loader, Select } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ConfirmModal';
import { offeredTimeZones } from '@/lib/domain';
import { useCodeText } from '@/lib/errorText';
import { useWorkspace } from '@/stores/workspace';
import { browserZone, defaultZone, zoneOptions } from '../logic';

/** `Date.now()`, again every minute (relative times stay true on an open screen). */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

/** The zones offered and the one a new entry starts with (the browser's, when offered). */
export function useZones(): { zones: string[]; initial: string } {
  const orgZone = useWorkspace((s) => s.org?.time_zone);
  return useMemo(() => {
    const zones = offeredTimeZones();
    return { zones, initial: defaultZone(zones, browserZone(), orgZone) };
  }, [orgZone]);
}

export function ZoneSelect({ value, onChange, zones }: { value: string; onChange: (zone: string) => void; zones: string[] }) {
  const { t } = useTranslation('planner');
  const data = useMemo(() => zoneOptions(zones, value), [zones, value]);
  return (
    <Select
      label={t('time_zone')}
      data={data}
      value={value}
      onChange={(v) => v && onChange(v)}
      searchable
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid="zone-select"
    />
  );
}

/** A code's text, with the planner's wording for the phone codes. */
export function usePlannerCodeText() {
  const { t } = useTranslation('planner');
  const codeText = useCodeText();
  return useCallback(
    (code: string | null | undefined) =>
      codeText(code, {
        phone_invalid: t('errors.phone_invalid'),
        phone_country_code_missing: t('errors.phone_country_code_missing'),
      }),
    [codeText, t],
  );
}

/** Shown before the planner's catalogue has loaded, so its label is the common one. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Group justify="center" py="xl">
      <Loader size="sm" aria-label={t('loading')} />
    </Group>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('planner');
  return (
    <Alert color="red" title={t('load_failed')} data-testid="load-failed">
      <Button variant="light" color="red" size="xs" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

export function ConfirmDelete({
  opened,
  title,
  text,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('planner');
  return (
    <ConfirmModal
      opened={opened}
      onClose={onCancel}
      title={title}
      text={text}
      cancelLabel={t('cancel')}
      confirmLabel={t('delete')}
      onConfirm={onConfirm}
      busy={busy}
      confirmTestId="confirm-delete"
    />
  );
}
