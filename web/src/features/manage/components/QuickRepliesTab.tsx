// The Quick Replies tab (000 §2; 001 §2, §6, §9): the caller's quick replies and their teams'
// (name, message, team or 'Only me', attachment, sent count), created and edited in a form,
// deleted after a confirmation; the plan's 'used/limit' with the upgrade prompt once it is
// reached; the Free plan's signature note; and for Teams admins who may edit team tools. The
// team choice in the form is the server's to allow (`may_edit_team_tools` of the list) and needs
// an organisation with teams.
import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconMessageBolt, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import type { QuickReply } from '@/generated/contract';
import { toast } from '@/lib/toast';
import { useCodeText } from '@/lib/errorText';
import * as api from '../api';
import { limitReached, refusalOf } from '../logic';
import { useManage } from '../stores/manage';
import { QuickReplyForm } from './QuickReplyForm';
import { ConfirmDelete, Loaded, RowActions, UpgradePrompt, Usage, useDelete, useManageContext } from './shared';

/** 001 §6: Teams admins decide who may edit team labels and quick replies. */
function TeamToolsAccess({ orgId }: { orgId: number }) {
  const codeText = useCodeText();
  const { t } = useTranslation('manage');
  const editors = useManage((s) => s.editors);
  const loadEditors = useManage((s) => s.loadEditors);
  const setEditors = useManage((s) => s.setEditors);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadEditors();
  }, [orgId, loadEditors]);
  return (
    <NativeSelect
      label={t('access.label')}
      w={360}
      value={editors ?? 'admins'}
      disabled={busy}
      data-testid="team-tools-access"
      data={[
        { value: 'admins', label: t('access.admins') },
        { value: 'admins_and_managers', label: t('access.admins_and_managers') },
      ]}
      onChange={async (e) => {
        const value = e.currentTarget.value;
        setBusy(true);
        try {
          const saved = await api.setTeamToolsAccess({ org_id: orgId, editors: value });
          setEditors(saved.editors);
          toast.success(t('toast.changes_saved'));
        } catch (err) {
          const r = refusalOf(err);
          toast.error(codeText(r.kind === 'limit' ? 'plan_limit_reached' : r.code));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

export function QuickRepliesTab() {
  const { t } = useTranslation('manage');
  const { orgId, admin, teamsPlan } = useManageContext();
  const replies = useManage((s) => s.replies);
  const teams = useManage((s) => s.teams);
  const load = useManage((s) => s.loadReplies);
  const setReplies = useManage((s) => s.setReplies);
  const [form, setForm] = useState<{ reply: QuickReply | null } | null>(null);
  const del = useDelete<QuickReply>();
  const [prompt, setPrompt] = useState(false);

  useEffect(() => {
    void load();
  }, [orgId, load]);

  const list = replies.data;
  const teamChoice = orgId !== null && !!list?.may_edit_team_tools && teams.length > 0;
  const teamName = (id: number) => teams.find((tm) => tm.id === id)?.team_name ?? `#${id}`;

  const openNew = () => {
    if (list && limitReached(list)) setPrompt(true);
    else setForm({ reply: null });
  };

  const remove = () =>
    del.confirm(async (item) => {
      setReplies(await api.deleteQuickReply(orgId, item.id));
      toast.success(t('toast.quick_reply_deleted'));
    });


  return (
    <Stack gap="md" data-testid="quick-replies-tab">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2} size="h4">
            {t('replies.heading')}
          </Title>
          {list && <Usage used={list.used} limit={list.limit} />}
        </Group>
        <Group gap="xs">
          {orgId !== null && (
            <Button component={Link} to="/quick-replies/analytics" variant="subtle" leftSection={<IconChartBar size={16} aria-hidden />}>
              {t('analytics.title')}
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNew} disabled={replies.status !== 'ready'}>
            {t('replies.new')}
          </Button>
        </Group>
      </Group>
      {prompt && <UpgradePrompt what="quick_replies" onClose={() => setPrompt(false)} />}
      {list?.signature && (
        <Text size="sm" c="dimmed" data-testid="signature-note">
          {t('replies.signature', { signature: list.signature })}
        </Text>
      )}
      <Loaded status={replies.status === 'loading' && list ? 'ready' : replies.status} code={replies.code} retry={() => void load()}>
        {list && list.items.length === 0 ? (
          <EmptyState
            icon={<IconMessageBolt size={22} />}
            title={t('replies.empty')}
            action={
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNew}>
                {t('replies.add_first')}
              </Button>
            }
            data-testid="replies-empty"
          >
            {t('replies.empty_hint')}
          </EmptyState>
        ) : (
          <DataTable
            minWidth={640}
            data-testid="replies-table"
            verticalSpacing="sm"
            head={
              <>
                <Table.Th>{t('replies.name')}</Table.Th>
                <Table.Th>{t('replies.message')}</Table.Th>
                <Table.Th>{t('replies.for')}</Table.Th>
                <Table.Th>{t('replies.attachment')}</Table.Th>
                <Table.Th>{t('replies.sent')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </Table.Th>
              </>
            }
          >
            {list?.items.map((r) => (
              <Table.Tr key={r.id} data-testid="reply-row">
                <Table.Td fw={500}>{r.name}</Table.Td>
                <Table.Td maw={320}>
                  <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                    {r.message}
                  </Text>
                </Table.Td>
                <Table.Td>{r.team_id === null ? t('replies.only_me') : t('replies.team', { team: teamName(r.team_id) })}</Table.Td>
                <Table.Td>
                  {r.attachment ? (
                    <Anchor href={r.attachment.url} target="_blank" rel="noopener noreferrer" size="sm" aria-label={t('replies.download', { name: r.attachment.name })}>
                      {r.attachment.name}
                    </Anchor>
                  ) : (
                    t('replies.none')
                  )}
                </Table.Td>
                <Table.Td aria-label={t('replies.sent_count', { count: r.sent_count })}>{r.sent_count}</Table.Td>
                <Table.Td>
                  {r.editable && (
                    <RowActions justify="flex-end" what="replies" name={r.name} onEdit={() => setForm({ reply: r })} onDelete={() => del.ask(r)} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Loaded>
      {orgId !== null && admin && teamsPlan && <TeamToolsAccess orgId={orgId} />}
      {form && <QuickReplyForm reply={form.reply} teamChoice={teamChoice} onClose={() => setForm(null)} />}
      <ConfirmDelete
        {...del.dialog}
        title={t('replies.delete_title')}
        text={t('replies.delete_confirm', { name: del.deleting?.name ?? '' })}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
