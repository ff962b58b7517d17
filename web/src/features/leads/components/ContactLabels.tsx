// A contact's shared labels: as coloured badges (the table's column), as the drawer's field to
// choose them (at most 20, the server's bound), and the word that there are none yet, with the
// way to the manage tools' labels where admins make them.
import { Anchor, Badge, Group, MultiSelect } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SharedLabel } from '../useSharedLabels';

/** The most labels a contact carries (the server's bound). */
export const LABELS_MAX = 20;

/** "No shared labels yet — admins create them in Labels", the last word a link there. */
export function NoSharedLabels() {
  const { t } = useTranslation('leads');
  return (
    <span data-testid="no-shared-labels">
      <Trans t={t} i18nKey="labels.none" components={{ a: <Anchor component={Link} to="/labels" size="xs" /> }} />
    </span>
  );
}

/** The labels of `ids` that are known, each a badge in its colour ("—" for none). */
export function LabelBadges({ ids, labels }: { ids: readonly number[]; labels: ReadonlyMap<number, SharedLabel> }) {
  const shown = ids.flatMap((id) => labels.get(id) ?? []);
  if (shown.length === 0) return '—';
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((l) => (
        <Badge key={l.id} color={l.color} variant="filled" autoContrast tt="none" miw="max-content" data-testid="contact-label">
          {l.name}
        </Badge>
      ))}
    </Group>
  );
}

/** The drawer's choice of labels, as the labels' ids in text (the options' values). */
export function LabelsField({
  labels,
  settled,
  value,
  onChange,
  error,
}: {
  labels: readonly SharedLabel[];
  /** The labels were read: an empty list means there are none. */
  settled: boolean;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('leads');
  const none = settled && labels.length === 0;
  return (
    <MultiSelect
      label={t('field.labels')}
      placeholder={value.length === 0 && !none ? t('labels.placeholder') : undefined}
      description={none ? <NoSharedLabels /> : undefined}
      data={labels.map((l) => ({ value: String(l.id), label: l.name }))}
      value={value}
      onChange={onChange}
      maxValues={LABELS_MAX}
      disabled={none}
      error={error}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid="contact-labels"
    />
  );
}
