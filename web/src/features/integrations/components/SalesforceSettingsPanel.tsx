// Salesforce settings (000 §2, §3; role id 1 only): contact creation on or off, the record
// types to use and, per record type, the user fields holding the phone number.
import { Anchor, Checkbox, Loader, MultiSelect, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { codeOf, useCodeText } from '@/lib/errorText';
import { LoadFailed } from './LoadFailed';

export function SalesforceSettingsPanel() {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [contactCreation, setContactCreation] = useState(true);
  const [recordTypes, setRecordTypes] = useState<api.SalesforceRecordType[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, api.SalesforceField[]>>({});
  const [chosenFields, setChosenFields] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const loadFields = useCallback(async (id: string) => {
    try {
      const list = await api.fetchRecordTypeFields(id);
      setFields((f) => ({ ...f, [id]: list }));
    } catch {
      setFields((f) => ({ ...f, [id]: [] }));
    }
  }, []);

  const load = useCallback(async () => {
    setPhase('loading');
    try {
      const [settings, types] = await Promise.all([api.fetchSalesforceSettings(), api.fetchRecordTypes()]);
      setRecordTypes(types);
      // 000 §9: contact creation is on by default.
      setContactCreation(settings?.contactCreationEnabled ?? true);
      const chosen = (settings?.contactRecordTypes ?? []).filter((r) => r.isSelected);
      setSelected(chosen.map((r) => r.id));
      setChosenFields(Object.fromEntries(chosen.map((r) => [r.id, r.selectedField.map((f) => f.id)])));
      setFields(Object.fromEntries(chosen.map((r) => [r.id, r.selectedField])));
      chosen.forEach((r) => void loadFields(r.id));
      setPhase('ready');
    } catch {
      setPhase('error');
    }
  }, [loadFields]);

  useEffect(() => {
    void load();
  }, [load]);

  async function save() {
    setBusy(true);
    try {
      const body: api.SalesforceSettings = {
        contactCreationEnabled: contactCreation,
        contactRecordTypes: recordTypes.map((r) => ({
          id: r.Id,
          name: r.Name,
          isSelected: selected.includes(r.Id),
          selectedField: selected.includes(r.Id)
            ? (chosenFields[r.Id] ?? []).map((id) => ({ id, name: fields[r.Id]?.find((f) => f.id === id)?.name ?? id }))
            : [],
        })),
      };
      if (await api.saveSalesforceSettings(body)) toast.success(t('toast.settings_saved'));
      else toast.error(ruleText('internal'));
    } catch (e) {
      toast.error(ruleText(codeOf(e)));
    } finally {
      setBusy(false);
    }
  }

  if (phase === 'loading') return <Loader aria-label={t('loading')} />;
  if (phase === 'error')
    return <LoadFailed onRetry={() => void load()} />;

  return (
    <Stack component="section" aria-label={t('salesforce.settings_title')}>
      <Title order={4}>{t('salesforce.settings_title')}</Title>
      <Checkbox
        label={t('salesforce.allow_contact_creation')}
        checked={contactCreation}
        onChange={(e) => setContactCreation(e.currentTarget.checked)}
      />
      <MultiSelect
        label={t('salesforce.record_types')}
        data={recordTypes.map((r) => ({ value: r.Id, label: r.Name }))}
        value={selected}
        nothingFoundMessage={t('salesforce.no_record_types')}
        onChange={(ids) => {
          setSelected(ids);
          ids.filter((id) => !fields[id]).forEach((id) => void loadFields(id));
        }}
      />
      {selected.map((id) => (
        <MultiSelect
          key={id}
          label={`${recordTypes.find((r) => r.Id === id)?.Name ?? id}: ${t('salesforce.phone_field')}`}
          data={(fields[id] ?? []).map((f) => ({ value: f.id, label: f.name }))}
          value={chosenFields[id] ?? []}
          onChange={(v) => setChosenFields((c) => ({ ...c, [id]: v }))}
          searchable
        />
      ))}
      <Anchor component="button" type="button" onClick={() => void save()} disabled={busy} w="fit-content">
        {t('save')}
      </Anchor>
    </Stack>
  );
}
