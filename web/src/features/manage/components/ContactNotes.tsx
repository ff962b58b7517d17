// A chat's notes and docs (001 §2 'Per-chat panels: … notes, … docs'; §8 'Notes saved/created
// successfully', 'Docs saved/created successfully'): the caller's own, newest first, under
// Notes or Docs; each with its title (a doc's is required, a note's optional), body and when it
// changed, edited in place and deleted after a confirmation; a form adds one. The `noteDraft`
// check refuses an empty body before it is sent, with the text the server's `fields_required`
// gets here ('Please fill all mandatory fields'); the server's refusals land on the same fields.
// Works in the personal workspace too (no `org_id`).
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatNote, ChatNoteRequest } from '@/generated/contract';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { formatWhen, MAX_NOTE_BODY, MAX_NOTE_TITLE, noteDraft, noteName, NOTE_KINDS, refusalOf, type NoteKind } from '../logic';
import type { Load } from '../stores/manage';
import { ConfirmDelete, Loaded, RowActions, useDelete } from './shared';

type Field = 'title' | 'body' | 'general';

/** A code's text, with this panel's wording for `fields_required` (001 §5). */
function useNoteCodeText() {
  const { t } = useTranslation('manage');
  const codeText = useCodeText();
  return useCallback((code: string | null | undefined) => codeText(code, { fields_required: t('notes.fields_required') }), [codeText, t]);
}

const kindOf = (n: ChatNote): NoteKind => (n.kind === 'doc' ? 'doc' : 'note');

/** The add form (no `note`) or a note edited in place. */
function NoteForm({
  orgId,
  contact,
  kind,
  note,
  onSaved,
  onCancel,
}: {
  orgId: number | null;
  contact: string;
  kind: NoteKind;
  note?: ChatNote;
  onSaved: (saved: ChatNote) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('manage');
  const text = useNoteCodeText();
  const [title, setTitle] = useState(note?.title ?? '');
  const [body, setBody] = useState(note?.body ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const err = (f: Field) => (errors[f] ? text(errors[f]) : undefined);

  async function submit() {
    if (busy) return;
    const draft = noteDraft(kind, title, body);
    if ('err' in draft) {
      setErrors({ [draft.err.field]: draft.err.code });
      return;
    }
    setErrors({});
    const request: ChatNoteRequest = { org_id: orgId, contact, kind, title: draft.ok.title, body: draft.ok.body };
    setBusy(true);
    try {
      const saved = note ? await api.updateNote(note.id, request) : await api.createNote(request);
      toast.success(t(note ? `toast.${kind}_saved` : `toast.${kind}_created`));
      if (!note) {
        setTitle('');
        setBody('');
      }
      onSaved(saved);
    } catch (e) {
      const r = refusalOf(e);
      if (r.kind === 'field') setErrors({ [r.field === 'title' || r.field === 'body' ? r.field : 'general']: r.code });
      else setErrors({ general: r.kind === 'limit' ? 'plan_limit_reached' : r.code });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={note ? t('notes.edit_named', { name: noteName(note) }) : t(`notes.new_${kind}`)}
      data-testid={note ? 'note-edit-form' : 'note-add-form'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        {errors.general && (
          <Alert color="red" variant="light" role="alert">
            {err('general')}
          </Alert>
        )}
        <TextInput
          label={kind === 'doc' ? t('notes.title') : t('notes.title_optional')}
          required={kind === 'doc'}
          maxLength={MAX_NOTE_TITLE}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={err('title')}
        />
        <Textarea
          label={t(`notes.body_${kind}`)}
          required
          rows={kind === 'doc' ? 8 : 3}
          resize="vertical"
          maxLength={MAX_NOTE_BODY}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={err('body')}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
          <Button type="submit" variant={note ? 'filled' : 'light'} loading={busy}>
            {note ? t('save') : t(`notes.add_${kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NoteItem({ note, onEdit, onDelete }: { note: ChatNote; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('manage');
  const name = noteName(note);
  const when = formatWhen(note.updated_at, i18n.language);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={4} style={{ minWidth: 0 }}>
        {note.title && (
          <Text size="sm" fw={600}>
            {note.title}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.body}
        </Text>
        {when && (
          <Text size="xs" c="dimmed" component="time" dateTime={note.updated_at}>
            {t('notes.updated', { time: when })}
          </Text>
        )}
      </Stack>
      <RowActions what="notes" name={name} onEdit={onEdit} onDelete={onDelete} />
    </Group>
  );
}

/** `initialKind`: the list shown first (the team inbox opens its docs panel on Docs). */
export function ContactNotes({ orgId, contact, initialKind = 'note' }: { orgId: number | null; contact: string; initialKind?: NoteKind }) {
  const { t } = useTranslation('manage');
  const [kind, setKind] = useState<NoteKind>(initialKind);
  const [status, setStatus] = useState<Load>('loading');
  const [code, setCode] = useState<string | null>(null);
  const [notes, setNotes] = useState<ChatNote[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const del = useDelete<ChatNote>();
  const deleting = del.deleting;
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();

  useEffect(() => {
    let alive = true;
    setStatus('loading');
    setCode(null);
    api.listNotes(orgId, contact).then(
      (list) => {
        if (!alive) return;
        setNotes(list);
        setStatus('ready');
      },
      (e: unknown) => {
        if (!alive) return;
        const r = refusalOf(e);
        setCode(r.kind === 'limit' ? 'plan_limit_reached' : r.code);
        setStatus('error');
      },
    );
    return () => {
      alive = false;
    };
  }, [orgId, contact, attempt]);

  /** A saved note goes first: the list is newest first. */
  const put = (saved: ChatNote) => setNotes((list) => [saved, ...list.filter((n) => n.id !== saved.id)]);

  const remove = () =>
    del.confirm(async (note) => {
      await api.deleteNote(orgId, note.id);
      setNotes((list) => list.filter((n) => n.id !== note.id));
      toast.success(t(`toast.${kindOf(note)}_deleted`));
    });

  const shown = notes.filter((n) => kindOf(n) === kind);
  const deletingKind = deleting ? kindOf(deleting) : 'note';
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="contact-notes">
      <Group justify="space-between" wrap="wrap">
        <Title order={4} size="h6" id={headingId}>
          {t('notes.heading')}
        </Title>
        <SegmentedControl
          aria-label={t('notes.kind_label')}
          size="xs"
          value={kind}
          onChange={(v) => {
            setKind(v as NoteKind);
            setEditing(null);
          }}
          data={NOTE_KINDS.map((k) => ({ value: k, label: t(`notes.kinds.${k}`) }))}
        />
      </Group>
      {/* One add form per kind, the other hidden, so switching keeps what was typed. */}
      {NOTE_KINDS.map((k) => (
        <div key={k} hidden={k !== kind}>
          <NoteForm orgId={orgId} contact={contact} kind={k} onSaved={put} />
        </div>
      ))}
      <Loaded status={status} code={code} retry={() => setAttempt((a) => a + 1)}>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="notes-empty">
            {t(`notes.empty_${kind}`)}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t(`notes.kinds.${kind}`)}>
            {shown.map((n) => (
              <Paper key={n.id} component="li" withBorder p="xs" radius="md" data-testid="note-item">
                {editing === n.id ? (
                  <NoteForm
                    orgId={orgId}
                    contact={contact}
                    kind={kindOf(n)}
                    note={n}
                    onSaved={(saved) => {
                      put(saved);
                      setEditing(null);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <NoteItem
                    note={n}
                    onEdit={() => setEditing(n.id)}
                    onDelete={() => del.ask(n)}
                  />
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </Loaded>
      <ConfirmDelete
        {...del.dialog}
        title={t(`notes.delete_title_${deletingKind}`)}
        text={t(`notes.delete_confirm_${deletingKind}`, { name: deleting ? noteName(deleting) : '' })}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
