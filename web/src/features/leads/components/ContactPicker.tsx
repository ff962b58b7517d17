// The contact a new deal is for, searched on the server as one types (its name or number; the
// first 20 found), each shown by its name, or its number when it has none.
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@/generated/contract';
import { SEARCH_DEBOUNCE_MS, useLoad } from '@/lib/useLoad';
import { searchContacts } from '../dealsApi';

export interface ContactChoice {
  id: number;
  name: string;
}

export const contactLabel = (c: Contact): string => c.display_name ?? c.phone ?? c.contact;

export function ContactPicker({
  orgId,
  value,
  onChange,
  error,
}: {
  orgId: number;
  value: ContactChoice | null;
  onChange: (c: ContactChoice | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('leads');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The chosen contact's own name in the box asks for nothing new.
  const words = value && q === value.name ? '' : q;
  const found = useLoad((signal) => searchContacts(orgId, words, signal), [orgId, words]);
  const data = useMemo(() => {
    const options = (found.data?.items ?? []).map((c) => ({ value: String(c.id), label: contactLabel(c) }));
    if (value && !options.some((o) => o.value === String(value.id))) options.unshift({ value: String(value.id), label: value.name });
    return options;
  }, [found.data, value]);
  const loading = found.phase === 'loading';
  return (
    <Select
      label={t('deal.contact')}
      placeholder={t('deal.contact_placeholder')}
      required
      searchable
      data={data}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already chosen the contacts matching the words.
      filter={({ options }) => options}
      onChange={(v, option) => onChange(v === null ? null : { id: Number(v), name: option?.label ?? v })}
      nothingFoundMessage={loading ? t('deal.contacts_loading') : found.phase === 'error' ? t('deal.contacts_failed') : t('deal.no_contacts_found')}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  );
}
