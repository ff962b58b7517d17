// The table's search, filters and order: words, lifecycle stage, lead status, owner (anyone,
// nobody or a member), one of the organisation's contact tags, a user property's value (the
// manage tools'), one of the organisation's shared labels (the manage tools' too; when there are
// none the filter says so and where admins make them) and the sort. Each filter is sent to the server as its key; what is typed goes
// once typing pauses (the page keeps it). `children` (the columns' button) close the row,
// wrapping with it on a narrow screen.
import { Box, Group, NativeSelect, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '@tabler/icons-react';
import { useLoad } from '@/lib/useLoad';
import { fetchUserProperties, type ContactsView } from '../api';
import { LEAD_STATUSES, LIFECYCLE_STAGES, TAG_MAX } from '../logic';
import type { OwnerOption } from '../useOwners';
import type { SharedLabels } from '../useSharedLabels';
import { NoSharedLabels } from './ContactLabels';

export type { OwnerOption };

type Typed = Pick<ContactsView, 'q' | 'tag' | 'propertyValue'>;
type Chosen = Omit<ContactsView, keyof Typed>;

export function ContactFilters({
  orgId,
  typed,
  onType,
  view,
  onView,
  owners,
  labels,
  children,
}: {
  orgId: number;
  typed: Typed;
  onType: (change: Partial<Typed>) => void;
  view: Chosen;
  onView: (change: Partial<Chosen>) => void;
  /** The members a contact may be owned by. */
  owners: OwnerOption[];
  /** The organisation's shared labels (`useSharedLabels`). */
  labels: Pick<SharedLabels, 'labels' | 'settled'>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('leads');
  // Properties are optional: without them (none made, or not readable) the filter is not shown.
  const properties = useLoad((_signal) => fetchUserProperties(orgId), [orgId]).data ?? [];
  const noLabels = labels.settled && labels.labels.length === 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('search')}
        placeholder={t('search_placeholder')}
        leftSection={<IconSearch size={14} />}
        value={typed.q}
        maxLength={100}
        onChange={(e) => onType({ q: e.currentTarget.value })}
        w={{ base: '100%', sm: 280 }}
      />
      <NativeSelect
        label={t('field.lifecycle_stage')}
        value={view.lifecycleStage ?? ''}
        onChange={(e) => onView({ lifecycleStage: e.currentTarget.value || null })}
        data={[{ value: '', label: t('all') }, ...LIFECYCLE_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) }))]}
      />
      <NativeSelect
        label={t('field.lead_status')}
        value={view.leadStatus ?? ''}
        onChange={(e) => onView({ leadStatus: e.currentTarget.value || null })}
        data={[{ value: '', label: t('all') }, ...LEAD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
      />
      <NativeSelect
        label={t('field.owner')}
        value={view.ownerId === null ? '' : String(view.ownerId)}
        onChange={(e) => onView({ ownerId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
        data={[{ value: '', label: t('anyone') }, { value: '0', label: t('nobody') }, ...owners]}
      />
      <TextInput
        label={t('filter.tag')}
        placeholder={t('filter.tag_placeholder')}
        value={typed.tag}
        maxLength={TAG_MAX}
        onChange={(e) => onType({ tag: e.currentTarget.value })}
        w={120}
      />
      {properties.length > 0 && (
        <NativeSelect
          label={t('filter.property')}
          value={view.propertyId === null ? '' : String(view.propertyId)}
          onChange={(e) => onView({ propertyId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
          data={[{ value: '', label: t('filter.any_property') }, ...properties.map((p) => ({ value: String(p.id), label: p.name }))]}
        />
      )}
      {view.propertyId !== null && (
        <TextInput
          label={t('filter.property_value')}
          placeholder={t('filter.property_value_placeholder')}
          value={typed.propertyValue}
          maxLength={100}
          onChange={(e) => onType({ propertyValue: e.currentTarget.value })}
          w={160}
        />
      )}
      <NativeSelect
        label={t('filter.label')}
        value={view.labelId === null ? '' : String(view.labelId)}
        onChange={(e) => onView({ labelId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
        data={[{ value: '', label: t('filter.any_label') }, ...labels.labels.map((l) => ({ value: String(l.id), label: l.name }))]}
        disabled={noLabels && view.labelId === null}
        description={noLabels ? <NoSharedLabels /> : undefined}
        maw={noLabels ? 220 : undefined}
      />
      <NativeSelect
        label={t('sort')}
        value={view.sort}
        onChange={(e) => onView({ sort: e.currentTarget.value as ContactsView['sort'] })}
        data={(['updated', 'created', 'name'] as const).map((s) => ({ value: s, label: t(`sort_by.${s}`) }))}
      />
      {children && <Box ml="auto">{children}</Box>}
    </Group>
  );
}
