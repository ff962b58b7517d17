// The user property form (001 §3 'User property: name, value, type; options may be added';
// §5): a name without digits and unlike the organisation's other properties, a type, and the
// options of a list. The `user_property` rule checks it before it is sent, with the texts the
// server would answer ('Property names should not contain numbers', 'You can not have
// properties with same name', …); the server's refusals land on the same fields.
import { NativeSelect, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyKind, UserProperty, UserPropertyRequest } from '@/generated/contract';
import { loadManageRules } from '@/lib/manageDomain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { PROPERTY_KINDS, refusalOf } from '../logic';
import { NO_PROPERTIES, useManage } from '../stores/manage';
import { useLiveErrors } from '../hooks/useLiveErrors';
import { ToolForm, useFieldErrors } from './ToolForm';

type Field = 'name' | 'kind' | 'options' | 'general';

export function PropertyForm({ orgId, property, onClose }: { orgId: number; property: UserProperty | null; onClose: () => void }) {
  const { t } = useTranslation('manage');
  const all = useManage((s) => s.properties.data) ?? NO_PROPERTIES;
  const setProperties = useManage((s) => s.setProperties);
  const [name, setName] = useState(property?.name ?? '');
  const [kind, setKind] = useState<PropertyKind>(property?.kind ?? 'text');
  const [options, setOptions] = useState<string[]>(property?.options ?? []);
  const [pending, setPending] = useState('');
  const { setErrors, err } = useFieldErrors<Field>();
  const [busy, setBusy] = useState(false);
  useLiveErrors(
    { name, kind, options, pending },
    setErrors,
    (rules) => {
      const typed = pending.trim() ? [...options, pending] : options;
      const existing = all.filter((p) => p.id !== property?.id).map((p) => p.name);
      const out = rules.rule('user_property', { name, kind, options: kind === 'select' ? typed : null, existing });
      return out.err === undefined ? null : { field: out.err === 'property_options_required' ? 'options' : 'name', code: out.err };
    },
    ['general', 'kind'],
  );

  async function submit() {
    if (busy) return;
    setErrors({});
    const rules = await loadManageRules();
    const typed = pending.trim() ? [...options, pending] : options;
    const existing = all.filter((p) => p.id !== property?.id).map((p) => p.name);
    const draft = rules.rule('user_property', { name, kind, options: kind === 'select' ? typed : null, existing });
    if (draft.err !== undefined) {
      setErrors({ [draft.err === 'property_options_required' ? 'options' : 'name']: draft.err });
      return;
    }
    const body: UserPropertyRequest = { org_id: orgId, name: draft.ok.name, kind: draft.ok.kind, options: draft.ok.options };
    setBusy(true);
    try {
      setProperties(property ? await api.updateProperty(property.id, body) : await api.createProperty(body));
      toast.success(property ? t('toast.property_updated') : t('toast.property_added'));
      onClose();
    } catch (e) {
      const r = refusalOf(e);
      const shown = r.kind === 'field' && (r.field === 'name' || r.field === 'kind' || (r.field === 'options' && kind === 'select'));
      if (r.kind === 'field') setErrors({ [shown ? r.field : 'general']: r.code });
      else setErrors({ general: r.kind === 'limit' ? 'plan_limit_reached' : r.code });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ToolForm
      title={property ? t('properties.edit_title') : t('properties.create_title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      general={err('general')}
    >
      <TextInput label={t('properties.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={err('name')} required />
      <NativeSelect
        label={t('properties.kind')}
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value as PropertyKind)}
        data={PROPERTY_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        error={err('kind')}
      />
      {kind === 'select' && (
        <TagsInput
          label={t('properties.options')}
          description={t('properties.options_hint')}
          value={options}
          onChange={setOptions}
          searchValue={pending}
          onSearchChange={setPending}
          splitChars={[',']}
          error={err('options')}
          clearable
        />
      )}
    </ToolForm>
  );
}
