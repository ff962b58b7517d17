// The Labels tab (000 §2; 001 §3, §6, §9): labels with their colour, sublabels nested under
// their parent, WhatsApp Business's system labels read-only, shared labels read-only (with a lock
// and 'Labels created by admins cannot be edited') for whoever the server does not let change
// them; labels created,
// edited and deleted; the plan's 'used/limit' and the upgrade prompt; and the funnels with
// their ordered stages.
import { Badge, Button, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilter, IconPlus, IconTags } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import type { Funnel, ManagedLabel } from '@/generated/contract';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { labelTree, limitReached, SYSTEM_LABELS } from '../logic';
import { useManage } from '../stores/manage';
import { FunnelForm } from './FunnelForm';
import { LabelForm } from './LabelForm';
import { ConfirmDelete, Loaded, ReadOnly, RowActions, UpgradePrompt, Usage, useDelete, useManageContext } from './shared';

type Deleting = { kind: 'label'; item: ManagedLabel } | { kind: 'funnel'; item: Funnel };

function useLabelName() {
  const { t } = useTranslation('manage');
  return (l: ManagedLabel) =>
    l.kind === 'system' && (SYSTEM_LABELS as readonly string[]).includes(l.name)
      ? t(`system_labels.${l.name as (typeof SYSTEM_LABELS)[number]}`)
      : l.name;
}

function LabelRow({ label, onEdit, onDelete, sub }: { label: ManagedLabel; onEdit: () => void; onDelete: () => void; sub?: boolean }) {
  const { t } = useTranslation('manage');
  const codeText = useCodeText();
  const nameOf = useLabelName();
  const name = nameOf(label);
  return (
    <Group justify="space-between" wrap="nowrap" pl={sub ? 'xl' : 0} data-testid={sub ? 'sublabel-row' : 'label-row'} data-label={name}>
      <Group gap="sm" wrap="nowrap">
        <ColorSwatch color={label.color} size={18} aria-label={t('labels.swatch', { color: label.color })} role="img" />
        <Text size="sm" fw={sub ? 400 : 500}>
          {name}
        </Text>
        {label.kind === 'system' && (
          <Badge size="xs" variant="light" color="gray">
            {t('labels.system')}
          </Badge>
        )}
        {label.kind === 'shared' && (
          <Badge size="xs" variant="light">
            {t('labels.shared_badge')}
          </Badge>
        )}
      </Group>
      {label.editable ? (
        <RowActions what="labels" name={name} onEdit={onEdit} onDelete={onDelete} />
      ) : (
        <ReadOnly reason={label.kind === 'system' ? t('labels.read_only') : codeText('label_admin_only')} />
      )}
    </Group>
  );
}

export function LabelsTab() {
  const { t } = useTranslation('manage');
  const codeText = useCodeText();
  const nameOf = useLabelName();
  const { orgId } = useManageContext();
  const board = useManage((s) => s.board);
  const load = useManage((s) => s.loadBoard);
  const setBoard = useManage((s) => s.setBoard);
  const [labelForm, setLabelForm] = useState<{ label: ManagedLabel | null } | null>(null);
  const [funnelForm, setFunnelForm] = useState<{ funnel: Funnel | null } | null>(null);
  const del = useDelete<Deleting>();
  const deleting = del.deleting;
  const [prompt, setPrompt] = useState(false);

  useEffect(() => {
    void load();
  }, [orgId, load]);

  const data = board.data;
  const openNew = () => {
    if (data && limitReached(data)) setPrompt(true);
    else setLabelForm({ label: null });
  };
  const askDelete = del.ask;

  const remove = () =>
    del.confirm(async (d) => {
      if (d.kind === 'label') {
        setBoard(await api.deleteLabel(orgId, d.item.id));
        toast.success(t('toast.label_deleted'));
      } else {
        setBoard(await api.deleteFunnel(orgId, d.item.id));
        toast.success(t('toast.funnel_deleted'));
      }
    });

  return (
    <Stack gap="lg" data-testid="labels-tab">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2} size="h4">
              {t('labels.heading')}
            </Title>
            {data && <Usage used={data.used} limit={data.limit} />}
          </Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNew} disabled={board.status !== 'ready'}>
            {t('labels.new')}
          </Button>
        </Group>
        {prompt && <UpgradePrompt what="labels" onClose={() => setPrompt(false)} />}
        <Loaded status={board.status === 'loading' && data ? 'ready' : board.status} code={board.code} retry={() => void load()}>
          {data && data.labels.length === 0 ? (
            <EmptyState
              icon={<IconTags size={22} />}
              title={t('labels.empty')}
              action={
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNew}>
                  {t('labels.add_first')}
                </Button>
              }
              data-testid="labels-empty"
            >
              {t('labels.empty_hint')}
            </EmptyState>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="labels-list">
              {labelTree(data?.labels ?? []).map(({ label, children }) => (
                <Paper key={label.id} component="li" withBorder p="xs" radius="md">
                  <Stack gap={6}>
                    <LabelRow label={label} onEdit={() => setLabelForm({ label })} onDelete={() => askDelete({ kind: 'label', item: label })} />
                    {children.length > 0 && (
                      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('labels.sublabels', { name: nameOf(label) })}>
                        {children.map((c) => (
                          <li key={c.id}>
                            <LabelRow sub label={c} onEdit={() => setLabelForm({ label: c })} onDelete={() => askDelete({ kind: 'label', item: c })} />
                          </li>
                        ))}
                      </Stack>
                    )}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </Loaded>
      </Stack>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('funnels.heading')}
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} variant="light" onClick={() => setFunnelForm({ funnel: null })} disabled={board.status !== 'ready'}>
            {t('funnels.new')}
          </Button>
        </Group>
        {board.status === 'ready' && data && data.funnels.length === 0 && (
          <EmptyState
            icon={<IconFilter size={22} />}
            title={t('funnels.empty')}
            action={
              <Button leftSection={<IconPlus size={16} aria-hidden />} variant="light" onClick={() => setFunnelForm({ funnel: null })}>
                {t('funnels.add_first')}
              </Button>
            }
            data-testid="funnels-empty"
          >
            {t('funnels.empty_hint')}
          </EmptyState>
        )}
        {data && data.funnels.length > 0 && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="funnels-list">
            {data.funnels.map((f) => (
              <Paper key={f.id} component="li" withBorder p="xs" radius="md" data-testid="funnel-row">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Text size="sm" fw={500}>
                        {f.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('funnels.stage_count', { count: f.stages.length })}
                      </Text>
                      {f.shared && (
                        <Badge size="xs" variant="light">
                          {t('labels.shared_badge')}
                        </Badge>
                      )}
                    </Group>
                    <Group gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('funnels.stages')}>
                      {f.stages.map((s, i) => (
                        <Badge key={`${i}-${s}`} component="li" variant="outline" color="indigo" radius="sm">
                          {i + 1}. {s}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                  {f.editable ? (
                    <RowActions what="funnels" name={f.name} onEdit={() => setFunnelForm({ funnel: f })} onDelete={() => askDelete({ kind: 'funnel', item: f })} />
                  ) : (
                    <ReadOnly reason={codeText('label_admin_only')} />
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>

      {labelForm && <LabelForm label={labelForm.label} onClose={() => setLabelForm(null)} />}
      {funnelForm && <FunnelForm funnel={funnelForm.funnel} onClose={() => setFunnelForm(null)} />}
      <ConfirmDelete
        {...del.dialog}
        title={deleting?.kind === 'funnel' ? t('funnels.delete_title') : t('labels.delete_title')}
        text={
          deleting?.kind === 'funnel'
            ? t('funnels.delete_confirm', { name: deleting.item.name })
            : t('labels.delete_confirm', { name: deleting ? nameOf(deleting.item) : '' })
        }
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
