// One change to the contacts selected in the table: a lifecycle stage, a lead status, an owner
// (a member or nobody), a shared label put on and one taken off (when the organisation has any),
// each left as it is unless chosen. Only what is chosen is sent; the
// server records it in each contact's history. A refusal is said in words, under the choice it
// names or above the bar.
import { Alert, Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { bulkUpdateContacts, type BulkChange } from '../api';
import { BULK_MAX, LEAD_STATUSES, LIFECYCLE_STAGES } from '../logic';
import type { SharedLabel } from '../useSharedLabels';
import type { OwnerOption } from './ContactFilters';

/** The fields a refusal may name, each said under its choice. */
const CHOICES = ['lifecycle_stage', 'lead_status', 'owner_id', 'add_label_id', 'remove_label_id'];

export function BulkBar({
  orgId,
  ids,
  owners,
  labels,
  onDone,
  onClear,
}: {
  orgId: number;
  ids: number[];
  owners: OwnerOption[];
  /** The organisation's shared labels (none: no label choices). */
  labels: readonly SharedLabel[];
  /** The change was made: the selection goes and the table reads again. */
  onDone: (updated: number) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const [stage, setStage] = useState('');
  const [status, setStatus] = useState('');
  const [owner, setOwner] = useState('');
  const [addLabel, setAddLabel] = useState('');
  const [removeLabel, setRemoveLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);

  // A new selection starts without the last one's refusals.
  const key = ids.join(',');
  useEffect(() => {
    setErrors({});
    setFailure(null);
  }, [key]);

  const change: BulkChange = {
    ...(stage ? { lifecycle_stage: stage } : {}),
    ...(status ? { lead_status: status } : {}),
    ...(owner ? { owner_id: Number(owner) } : {}),
    ...(addLabel ? { add_label_id: Number(addLabel) } : {}),
    ...(removeLabel ? { remove_label_id: Number(removeLabel) } : {}),
  };
  const chosen = Object.keys(change).length > 0;
  const tooMany = ids.length > BULK_MAX;

  async function apply() {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const { updated } = await bulkUpdateContacts(orgId, ids, change);
      toast.success(t('bulk.updated', { count: updated, n: n(updated) }));
      setStage('');
      setStatus('');
      setOwner('');
      setAddLabel('');
      setRemoveLabel('');
      onDone(updated);
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      const named = Object.entries(err?.fields ?? {}).filter(([f]) => CHOICES.includes(f));
      if (named.length > 0) setErrors(Object.fromEntries(named.map(([f, c]) => [f, codeText(c)])));
      else setFailure(codeText(err ? (Object.values(err.fields)[0] ?? err.code) : 'internal', { not_found: t('bulk.not_found') }));
    } finally {
      setBusy(false);
    }
  }

  const keep = { value: '', label: t('bulk.keep') };
  const labelChoices = [keep, ...labels.map((l) => ({ value: String(l.id), label: l.name }))];
  return (
    <Paper withBorder p="sm" radius="md" data-testid="bulk-bar" role="region" aria-label={t('bulk.label')}>
      {failure && (
        <Alert color="red" role="alert" mb="sm">
          {failure}
        </Alert>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={600} size="sm" data-testid="bulk-count" mb={8}>
          {t('bulk.selected', { count: ids.length, n: n(ids.length) })}
        </Text>
        <NativeSelect
          label={t('field.lifecycle_stage')}
          value={stage}
          error={errors.lifecycle_stage}
          disabled={busy}
          onChange={(e) => setStage(e.currentTarget.value)}
          data={[keep, ...LIFECYCLE_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) }))]}
          data-testid="bulk-stage"
        />
        <NativeSelect
          label={t('field.lead_status')}
          value={status}
          error={errors.lead_status}
          disabled={busy}
          onChange={(e) => setStatus(e.currentTarget.value)}
          data={[keep, ...LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          data-testid="bulk-status"
        />
        <NativeSelect
          label={t('field.owner')}
          value={owner}
          error={errors.owner_id}
          disabled={busy}
          onChange={(e) => setOwner(e.currentTarget.value)}
          data={[keep, { value: '0', label: t('nobody') }, ...owners]}
          data-testid="bulk-owner"
        />
        {labels.length > 0 && (
          <>
            <NativeSelect
              label={t('bulk.add_label')}
              value={addLabel}
              error={errors.add_label_id}
              disabled={busy}
              onChange={(e) => setAddLabel(e.currentTarget.value)}
              data={labelChoices}
              data-testid="bulk-add-label"
            />
            <NativeSelect
              label={t('bulk.remove_label')}
              value={removeLabel}
              error={errors.remove_label_id}
              disabled={busy}
              onChange={(e) => setRemoveLabel(e.currentTarget.value)}
              data={labelChoices}
              data-testid="bulk-remove-label"
            />
          </>
        )}
        <Button onClick={() => void apply()} loading={busy} disabled={!chosen || tooMany}>
          {t('bulk.apply')}
        </Button>
        <Button variant="subtle" onClick={onClear} disabled={busy}>
          {t('bulk.clear')}
        </Button>
      </Group>
      {tooMany && (
        <Text size="sm" c="red.7" mt="xs">
          {t('bulk.too_many', { max: n(BULK_MAX) })}
        </Text>
      )}
    </Paper>
  );
}
