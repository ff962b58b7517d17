// The quick reply form (001 §2 'Templates and quick replies: create for self or for a team,
// upload any file'): name; message with an Insert variable menu and a live preview rendered by
// the `render_message` rule for a sample contact; for the caller alone or for a team (offered
// only to those who may edit team tools); an attachment checked in the browser (at most 16 MB)
// and uploaded after the quick reply is saved, with a progress bar. The `quick_reply` rule
// checks the form before it is sent, with the texts the server would answer; the server's own
// refusals land on the same fields, and a full plan shows the upgrade prompt.
import { ActionIcon, Button, Group, Menu, NativeSelect, Paper, Stack, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { IconBraces, IconPaperclip, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadStatus } from '@/components/UploadBar';
import type { QuickReply, QuickReplyRequest } from '@/generated/contract';
import { loadManageRules, useManageRules } from '@/lib/manageDomain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { attachmentError, formatSize, insertVariable, refusalOf, sampleVars, VARIABLES } from '../logic';
import { useManage } from '../stores/manage';
import { UpgradePrompt, useManageContext } from './shared';
import { useLiveErrors } from '../hooks/useLiveErrors';
import { ToolForm, useFieldErrors } from './ToolForm';

/** The sample contact the preview is written to. */
export const SAMPLE_CONTACT = 'Priya Sharma';

type Field = 'name' | 'message' | 'team_id' | 'file' | 'general';

const ONLY_ME = 'me';

function Preview({ message }: { message: string }) {
  const { t } = useTranslation('manage');
  const { rules } = useManageRules();
  const { myName } = useManageContext();
  const rendered = rules && message.trim() ? rules.value('render_message', { message, vars: sampleVars(myName, SAMPLE_CONTACT) }) : null;
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" aria-live="polite">
      <Stack gap={4}>
        <Text size="xs" fw={600} c="dimmed">
          {t('replies.preview')} · {t('replies.preview_hint', { name: SAMPLE_CONTACT })}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="reply-preview">
          {rendered ? rendered.text : t('replies.preview_empty')}
        </Text>
        {rendered && rendered.unknown.length > 0 && (
          <Text size="xs" c="orange.8" data-testid="unknown-variables">
            {t('replies.unknown_variables', { list: rendered.unknown.map((v) => `{{${v}}}`).join(', ') })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function QuickReplyForm({
  reply,
  teamChoice,
  onClose,
}: {
  /** The quick reply to edit, or null for a new one. */
  reply: QuickReply | null;
  /** Whether the caller may write for a team. */
  teamChoice: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('manage');
  const { orgId } = useManageContext();
  const teams = useManage((s) => s.teams);
  const putReply = useManage((s) => s.putReply);
  const [editing, setEditing] = useState<QuickReply | null>(reply);
  const [name, setName] = useState(reply?.name ?? '');
  const [message, setMessage] = useState(reply?.message ?? '');
  const [team, setTeam] = useState(reply?.team_id != null ? String(reply.team_id) : ONLY_ME);
  const [file, setFile] = useState<File | null>(null);
  const [removeExisting, setRemoveExisting] = useState(false);
  const { errors, setErrors, err } = useFieldErrors<Field>();
  const [limit, setLimit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const existing = editing?.attachment && !removeExisting ? editing.attachment : null;
  useLiveErrors(
    { name, message, file: file?.name, existing: !!existing },
    setErrors,
    (rules) => {
      const out = rules.rule('quick_reply', { name, message, hasAttachment: !!file || !!existing });
      return out.err === undefined ? null : { field: out.err === 'quick_reply_name_invalid' ? 'name' : 'message', code: out.err };
    },
    ['general', 'team_id', 'file'],
  );

  const pick = (picked: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!picked) return;
    const refused = attachmentError(picked);
    setErrors((e) => ({ ...e, file: refused ?? undefined }));
    if (!refused) setFile(picked);
  };

  const insert = (variable: (typeof VARIABLES)[number]) => {
    const el = messageRef.current;
    const next = insertVariable(message, el ? el.selectionStart : null, variable);
    setMessage(next.text);
    requestAnimationFrame(() => {
      if (!messageRef.current) return;
      messageRef.current.focus();
      messageRef.current.setSelectionRange(next.caret, next.caret);
    });
  };

  async function submit() {
    if (busy) return;
    setErrors({});
    setLimit(false);
    const rules = await loadManageRules();
    const draft = rules.rule('quick_reply', { name, message, hasAttachment: !!file || !!existing });
    if (draft.err !== undefined) {
      setErrors({ [draft.err === 'quick_reply_name_invalid' ? 'name' : 'message']: draft.err });
      return;
    }
    const body: QuickReplyRequest = {
      org_id: orgId,
      name: draft.ok.name,
      message: draft.ok.message,
      team_id: teamChoice && team !== ONLY_ME ? Number(team) : editing && !teamChoice ? editing.team_id : null,
      has_attachment: !!file || !!existing,
    };
    setBusy(true);
    let saved: QuickReply | null = null;
    const created = editing === null;
    try {
      saved = created ? await api.createQuickReply(body) : await api.updateQuickReply(editing.id, body);
      putReply(saved);
      setEditing(saved);
      if (removeExisting && !file && saved.attachment) {
        saved = await api.deleteAttachment(orgId, saved.id);
        putReply(saved);
        setEditing(saved);
        setRemoveExisting(false);
      }
    } catch (e) {
      const r = refusalOf(e);
      if (r.kind === 'limit') setLimit(true);
      else if (r.kind === 'field') setErrors({ [(['name', 'message', 'team_id'] as string[]).includes(r.field) ? r.field : 'general']: r.code });
      else setErrors({ general: r.code });
      setBusy(false);
      return;
    }
    if (created) toast.success(t('toast.quick_reply_created'));
    if (file) {
      const target = saved;
      setUpload({ name: file.name, percent: 0 });
      try {
        const withFile = await api.uploadAttachment(orgId, target.id, file, (percent) => setUpload({ name: file.name, percent }));
        putReply(withFile);
        setEditing(withFile);
        setFile(null);
      } catch (e) {
        const r = refusalOf(e);
        setErrors({ file: r.kind === 'field' || r.kind === 'general' ? r.code : 'internal' });
        setUpload(null);
        setBusy(false);
        return;
      }
      setUpload(null);
    }
    setBusy(false);
    if (!created) toast.success(t('toast.changes_saved'));
    onClose();
  }

  return (
    <ToolForm
      title={editing ? t('replies.edit_title') : t('replies.create_title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      general={err('general')}
      top={limit && <UpgradePrompt what="quick_replies" />}
      submitLabel={editing ? t('save') : t('replies.create')}
      size="lg"
    >
      <TextInput
        label={t('replies.name')}
        placeholder={t('replies.name_placeholder')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={err('name')}
        required
      />
      <Stack gap={4}>
        <Group justify="space-between" align="flex-end">
          <Text size="sm" fw={500} component="label" htmlFor="quick-reply-message">
            {t('replies.message')}
          </Text>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="light" leftSection={<IconBraces size={14} aria-hidden />}>
                {t('replies.insert_variable')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {VARIABLES.map((v) => (
                <Menu.Item key={v} onClick={() => insert(v)} rightSection={<Text size="xs" c="dimmed">{`{{${v}}}`}</Text>}>
                  {t(`variables.${v}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Textarea
          id="quick-reply-message"
          ref={messageRef}
          aria-label={t('replies.message')}
          placeholder={t('replies.message_placeholder')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={err('message')}
          rows={4}
          resize="vertical"
        />
      </Stack>
      <Preview message={message} />
      {teamChoice && (
        <NativeSelect
          label={t('replies.for')}
          value={team}
          onChange={(e) => setTeam(e.currentTarget.value)}
          data={[
            { value: ONLY_ME, label: t('replies.only_me') },
            ...teams.map((tm) => ({ value: String(tm.id), label: t('replies.team', { team: tm.team_name }) })),
          ]}
          error={err('team_id')}
        />
      )}
      <Stack gap={4}>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPaperclip size={14} aria-hidden />}
            onClick={() => fileInput.current?.click()}
            disabled={busy}
          >
            {t('replies.attach')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('replies.attach_hint')}
          </Text>
        </Group>
        <VisuallyHidden>
          <input
            ref={fileInput}
            type="file"
            tabIndex={-1}
            aria-hidden
            data-testid="reply-attachment-input"
            onChange={(e) => pick(e.currentTarget.files?.[0])}
          />
        </VisuallyHidden>
        {(file || existing) && (
          <Group gap="xs" data-testid="chosen-attachment">
            <Text size="sm">
              {file ? `${file.name} · ${formatSize(file.size, i18n.language)}` : existing ? `${existing.name} · ${formatSize(existing.size_bytes, i18n.language)}` : ''}
            </Text>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={t('replies.remove_attachment')}
              disabled={busy}
              onClick={() => (file ? setFile(null) : setRemoveExisting(true))}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Group>
        )}
        {errors.file && (
          <Text size="sm" c="red" role="alert" data-testid="attachment-error">
            {err('file')}
          </Text>
        )}
        {upload && <UploadStatus label={t('replies.uploading', { name: upload.name })} percent={upload.percent} data-testid="attachment-upload" />}
      </Stack>
    </ToolForm>
  );
}
