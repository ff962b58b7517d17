// The table's search, filters and order: words, lifecycle stage, lead status, owner (anyone,
// nobody or a member) and the sort. Each filter is sent to the server as its key. `children` (the
// columns' button) close the row, wrapping with it on a narrow screen.
import { Box, Group, NativeSelect, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '@tabler/icons-react';
import type { ContactsView } from '../api';
import { LEAD_STATUSES, LIFECYCLE_STAGES } from '../logic';
import type { OwnerOption } from '../useOwners';

export type { OwnerOption };

export function ContactFilters({
  search,
  onSearch,
  view,
  onView,
  owners,
  children,
}: {
  search: string;
  onSearch: (text: string) => void;
  view: Omit<ContactsView, 'q'>;
  onView: (change: Partial<Omit<ContactsView, 'q'>>) => void;
  /** The members a contact may be owned by. */
  owners: OwnerOption[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('leads');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('search')}
        placeholder={t('search_placeholder')}
        leftSection={<IconSearch size={14} />}
        value={search}
        maxLength={100}
        onChange={(e) => onSearch(e.currentTarget.value)}
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
