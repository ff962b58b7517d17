// The label form (001 §3 'Label: name, colour, sublabels'): a name, a colour from the presets or
// typed as #rrggbb, optionally the main label it is a sublabel of, and — in an organisation, for
// those the server lets share (`may_share`) — whether everyone shares it. The `label` rule
// checks it before it is sent; the server's refusals land on the same fields, a full plan shows
// the upgrade prompt.
import { Checkbox, ColorInput, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelRequest, ManagedLabel } from '@/generated/contract';
import { loadManageRules } from '@/lib/manageDomain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { LABEL_PRESETS, parentChoices, refusalOf } from '../logic';
import { NO_LABELS, useManage } from '../stores/manage';
import { UpgradePrompt, useManageContext } from './shared';
import { useLiveErrors } from '../hooks/useLiveErrors';
import { ToolForm, useFieldErrors } from './ToolForm';

type Field = 'name' | 'color' | 'parent_id' | 'general';

const NONE = 'none';

export function LabelForm({ label, onClose }: { label: ManagedLabel | null; onClose: () => void }) {
  const { t } = useTranslation('manage');
  const { orgId } = useManageContext();
  // The server decides who may share (admins; managers when the organisation lets them).
  const mayShare = useManage((s) => orgId !== null && !!s.board.data?.may_share);
  const labels = useManage((s) => s.board.data?.labels) ?? NO_LABELS;
  const setBoard = useManage((s) => s.setBoard);
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState(label?.color ?? LABEL_PRESETS[0]);
  const [parent, setParent] = useState(label?.parent_id != null ? String(label.parent_id) : NONE);
  const [shared, setShared] = useState(label?.kind === 'shared');
  const { setErrors, err } = useFieldErrors<Field>();
  const [limit, setLimit] = useState(false);
  const [busy, setBusy] = useState(false);
  useLiveErrors(
    { name, color },
    setErrors,
    (rules) => {
      const out = rules.rule('label', { name, color });
      return out.err === undefined ? null : { field: out.err === 'label_color_invalid' ? 'color' : 'name', code: out.err };
    },
    ['general', 'parent_id'],
  );
  const parents = parentChoices(labels, label?.id ?? null);
  const hasChildren = label !== null && labels.some((l) => l.parent_id === label.id);

  async function submit() {
    if (busy) return;
    setErrors({});
    setLimit(false);
    const rules = await loadManageRules();
    const draft = rules.rule('label', { name, color });
    if (draft.err !== undefined) {
      setErrors({ [draft.err === 'label_color_invalid' ? 'color' : 'name']: draft.err });
      return;
    }
    const body: LabelRequest = {
      org_id: orgId,
      name: draft.ok.name,
      color: draft.ok.color,
      parent_id: parent === NONE ? null : Number(parent),
      shared: mayShare ? shared : null,
    };
    setBusy(true);
    try {
      setBoard(label ? await api.updateLabel(label.id, body) : await api.createLabel(body));
      toast.success(label ? t('toast.changes_saved') : t('toast.label_created'));
      onClose();
    } catch (e) {
      const r = refusalOf(e);
      if (r.kind === 'limit') setLimit(true);
      else if (r.kind === 'field') setErrors({ [['name', 'color', 'parent_id'].includes(r.field) ? r.field : 'general']: r.code });
      else setErrors({ general: r.code });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ToolForm
      title={label ? t('labels.edit_title') : t('labels.create_title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      general={err('general')}
      top={limit && <UpgradePrompt what="labels" />}
    >
      <TextInput label={t('labels.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={err('name')} required />
      <ColorInput
        label={t('labels.color')}
        value={color}
        onChange={setColor}
        format="hex"
        swatches={[...LABEL_PRESETS]}
        swatchesPerRow={8}
        error={err('color')}
        closeOnColorSwatchClick
      />
      {!hasChildren && (
        <NativeSelect
          label={t('labels.parent')}
          value={parent}
          onChange={(e) => setParent(e.currentTarget.value)}
          data={[{ value: NONE, label: t('labels.no_parent') }, ...parents.map((p) => ({ value: String(p.id), label: p.name }))]}
          error={err('parent_id')}
        />
      )}
      {mayShare && (
        <Checkbox label={t('labels.shared')} checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
      )}
    </ToolForm>
  );
}
