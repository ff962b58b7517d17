// The funnel editor (001 §3 'funnel stages'): a name and its ordered stages — added, removed,
// moved up and down — and, in an organisation, for those the server lets share (`may_share`)
// whether everyone shares it. The `funnel` rule checks it before it is sent; the server's
// refusals land on the same fields.
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Funnel, FunnelRequest } from '@/generated/contract';
import { loadManageRules } from '@/lib/manageDomain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { refusalOf } from '../logic';
import { useManage } from '../stores/manage';
import { useManageContext } from './shared';
import { useLiveErrors } from '../hooks/useLiveErrors';
import { ToolForm, useFieldErrors } from './ToolForm';

type Field = 'name' | 'stages' | 'general';

/** Moves item `i` by `by` places (when it stays in the list). */
function move<T>(list: T[], i: number, by: number): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

let nextKey = 0;

export function FunnelForm({ funnel, onClose }: { funnel: Funnel | null; onClose: () => void }) {
  const { t } = useTranslation('manage');
  const { orgId } = useManageContext();
  // The server decides who may share (admins; managers when the organisation lets them).
  const mayShare = useManage((s) => orgId !== null && !!s.board.data?.may_share);
  const setBoard = useManage((s) => s.setBoard);
  const [name, setName] = useState(funnel?.name ?? '');
  const [stages, setStages] = useState(() => (funnel?.stages ?? ['']).map((text) => ({ key: nextKey++, text })));
  const [shared, setShared] = useState(funnel?.shared ?? false);
  const { errors, setErrors, err } = useFieldErrors<Field>();
  const [busy, setBusy] = useState(false);
  useLiveErrors(
    { name, stages },
    setErrors,
    (rules) => {
      const out = rules.rule('funnel', { name, stages: stages.map((s) => s.text) });
      return out.err === undefined ? null : { field: out.err === 'funnel_name_invalid' ? 'name' : 'stages', code: out.err };
    },
    ['general'],
  );

  async function submit() {
    if (busy) return;
    setErrors({});
    const rules = await loadManageRules();
    const draft = rules.rule('funnel', { name, stages: stages.map((s) => s.text) });
    if (draft.err !== undefined) {
      setErrors({ [draft.err === 'funnel_name_invalid' ? 'name' : 'stages']: draft.err });
      return;
    }
    const body: FunnelRequest = { org_id: orgId, name: draft.ok.name, stages: draft.ok.stages, shared: mayShare ? shared : null };
    setBusy(true);
    try {
      setBoard(funnel ? await api.updateFunnel(funnel.id, body) : await api.createFunnel(body));
      toast.success(funnel ? t('toast.changes_saved') : t('toast.funnel_created'));
      onClose();
    } catch (e) {
      const r = refusalOf(e);
      if (r.kind === 'field') setErrors({ [r.field === 'name' ? 'name' : r.field.startsWith('stages') ? 'stages' : 'general']: r.code });
      else setErrors({ general: r.kind === 'limit' ? 'plan_limit_reached' : r.code });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ToolForm
      title={funnel ? t('funnels.edit_title') : t('funnels.create_title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      general={err('general')}
    >
      <TextInput label={t('funnels.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={err('name')} required />
      <Stack gap={6} role="group" aria-label={t('funnels.stages')}>
        <Text size="sm" fw={500}>
          {t('funnels.stages')}
        </Text>
        {stages.map((s, i) => (
          <Group key={s.key} gap={4} wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t('funnels.stage', { n: i + 1 })}
              placeholder={t('funnels.stage', { n: i + 1 })}
              value={s.text}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setStages((list) => list.map((x) => (x.key === s.key ? { ...x, text } : x)));
              }}
            />
            <ActionIcon variant="subtle" aria-label={t('funnels.move_up', { n: i + 1 })} disabled={i === 0} onClick={() => setStages((l) => move(l, i, -1))}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('funnels.move_down', { n: i + 1 })}
              disabled={i === stages.length - 1}
              onClick={() => setStages((l) => move(l, i, 1))}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t('funnels.remove_stage', { n: i + 1 })} onClick={() => setStages((l) => l.filter((x) => x.key !== s.key))}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {errors.stages && (
          <Text size="sm" c="red" role="alert" data-testid="stages-error">
            {err('stages')}
          </Text>
        )}
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setStages((l) => [...l, { key: nextKey++, text: '' }])}>
            {t('funnels.add_stage')}
          </Button>
        </Group>
      </Stack>
      {mayShare && <Checkbox label={t('labels.shared')} checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />}
    </ToolForm>
  );
}
