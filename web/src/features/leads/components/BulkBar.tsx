// One change to the contacts selected in the table: a lifecycle stage, a lead status, an owner
// (a member or nobody), a shared label put on and one taken off (when the organisation has any),
// an organisation tag put on and one taken off (typed; the one taken off goes first, so both
// together replace a tag), each left as it is unless chosen. Only what is chosen is sent (a tag
// trimmed, a blank one not at all); the server records it in each contact's history. A refusal is
// said in words, under the choice it names (a contact that would end with more than two tags:
// under the tag put on, nothing changed) or above the bar.
import { Alert, Button, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { bulkUpdateContacts, type BulkChange } from '../api';
import { BULK_MAX, LEAD_STATUSES, LIFECYCLE_STAGES, TAG_MAX, TAGS_MAX } from '../logic';
import type { SharedLabel } from '../useSharedLabels';
import type { OwnerOption } from './ContactFilters';

/** The fields a refusal may name, each said under its choice. */
const CHOICES = ['lifecycle_stage', 'lead_status', 'owner_id', 'add_label_id', 'remove_label_id', 'add_tag', 'remove_tag'];

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
  const [addTag, setAddTag] = useState('');
  const [removeTag, setRemoveTag] = useState('');
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
    ...(addTag.trim() ? { add_tag: addTag.trim() } : {}),
    ...(removeTag.trim() ? { remove_tag: removeTag.trim() } : {}),
  };
  const chosen = Object.keys(change).length > 0;
  const tooMany = ids.length > BULK_MAX;
  // The tag refusals in the bar's own words: the errors catalogue's name limits ({{tagsMax}}) that
  // only the manage module gives, and /leads does not load it.
  const tagTexts = {
    tag_required: t('bulk.tag_required'),
    tag_too_long: t('bulk.tag_too_long', { max: n(TAG_MAX) }),
    tags_too_many: t('bulk.tags_too_many', { max: n(TAGS_MAX) }),
  };

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
      setAddTag('');
      setRemoveTag('');
      onDone(updated);
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      const named = Object.entries(err?.fields ?? {}).filter(([f]) => CHOICES.includes(f));
      if (named.length > 0) setErrors(Object.fromEntries(named.map(([f, c]) => [f, codeText(c, tagTexts)])));
      else setFailure(codeText(err ? (Object.values(err.fields)[0] ?? err.code) : 'internal', { ...tagTexts, not_found: t('bulk.not_found') }));
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
        <TextInput
          label={t('bulk.add_tag')}
          value={addTag}
          maxLength={TAG_MAX}
          w={120}
          error={errors.add_tag}
          disabled={busy}
          onChange={(e) => setAddTag(e.currentTarget.value)}
          data-testid="bulk-add-tag"
        />
        <TextInput
          label={t('bulk.remove_tag')}
          value={removeTag}
          maxLength={TAG_MAX}
          w={120}
          error={errors.remove_tag}
          disabled={busy}
          onChange={(e) => setRemoveTag(e.currentTarget.value)}
          data-testid="bulk-remove-tag"
        />
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
