// The board's search and owner filter: words (a deal's name, its contact's name or number) and
// an owner — anyone, nobody or a member — each sent to the server as its key.
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '@tabler/icons-react';
import type { OwnerOption } from '../useOwners';

export function DealFilters({
  search,
  onSearch,
  ownerId,
  onOwner,
  owners,
}: {
  search: string;
  onSearch: (text: string) => void;
  /** A member's user id; 0 for nobody's deals; null for anyone's. */
  ownerId: number | null;
  onOwner: (id: number | null) => void;
  owners: OwnerOption[];
}) {
  const { t } = useTranslation('leads');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('search')}
        placeholder={t('crm.search_placeholder')}
        leftSection={<IconSearch size={14} />}
        value={search}
        maxLength={100}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 280 }}
      />
      <NativeSelect
        label={t('field.owner')}
        value={ownerId === null ? '' : String(ownerId)}
        onChange={(e) => onOwner(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
        data={[{ value: '', label: t('anyone') }, { value: '0', label: t('nobody') }, ...owners]}
        w={{ base: '100%', sm: 220 }}
      />
    </Group>
  );
}
