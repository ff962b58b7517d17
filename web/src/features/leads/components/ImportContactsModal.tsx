// Importing contacts from a CSV or XLSX file, in two steps. First the file: it is uploaded (with
// its progress) for a dry run in which the server guesses each column's field from its header.
// Then the mapping: each column with its first values and the field it fills; a change sends
// the same file again for a new dry run. Under it, what the rows would do and every refused row;
// the import — all rows or none — is offered only when no row is refused. Nothing is written
// before that button: closing the window keeps the file and the mapping for when it opens again.
import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import type { ContactImportReport, ImportColumn } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText, type CodeOverrides } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { importContacts } from '../api';
import { IMPORT_ACCEPT, IMPORT_MAX_MB, IMPORT_MAX_ROWS, importableFile, NUMBER_COLUMN_MISSING, remap } from '../logic';
import { ImportMapping } from './ImportMapping';
import { ImportProblems } from './ImportProblems';

type Sending = { phase: 'uploading'; percent: number } | { phase: 'processing' };

interface Props {
  orgId: number;
  opened: boolean;
  onClose: () => void;
  /** The rows were written: the table reads them again. */
  onImported: (report: ContactImportReport) => void;
}

export function ImportContactsModal({ orgId, opened, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<ImportColumn[]>([]);
  const [fields, setFields] = useState<(string | null)[]>([]);
  const [report, setReport] = useState<ContactImportReport | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [committing, setCommitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mappingRefused, setMappingRefused] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);

  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  // The errors catalogue speaks of the employee import; these codes have the contacts' words.
  const overrides: CodeOverrides = {
    [NUMBER_COLUMN_MISSING]: t('import.number_missing'),
    import_too_many_rows: t('import.too_many_rows', { rows: n(IMPORT_MAX_ROWS) }),
    import_file_unreadable: t('import.unreadable'),
    file_too_large: t('import.too_large', { mb: n(IMPORT_MAX_MB) }),
    forbidden: t('import.forbidden'),
  };

  useEffect(() => () => abortRef.current?.abort(), []);

  function clear() {
    setFile(null);
    setColumns([]);
    setFields([]);
    setReport(null);
    setMappingRefused(null);
  }

  /** Sends the file: a dry run (with the mapping, or for the server's guess), or the import. */
  async function send(f: File, mapping: (string | null)[] | null, commit: boolean) {
    abortRef.current?.abort();
    const abort = new AbortController();
    abortRef.current = abort;
    setSending({ phase: 'uploading', percent: 0 });
    setCommitting(commit);
    setFailure(null);
    setMappingRefused(null);
    if (!commit) setReport(null);
    try {
      const r = await importContacts(orgId, f, {
        mapping,
        commit,
        signal: abort.signal,
        onProgress: (percent) => setSending({ phase: 'uploading', percent }),
        onSent: () => setSending({ phase: 'processing' }),
      });
      if (abort.signal.aborted) return;
      setColumns(r.columns);
      setFields(r.columns.map((c) => c.field));
      setReport(r);
      if (commit && r.committed) {
        toast.success(t('import.done', { created: n(r.created), updated: n(r.updated) }));
        clear();
        resetRef.current?.();
        onImported(r);
      }
    } catch (e) {
      if (abort.signal.aborted || (e instanceof DOMException && e.name === 'AbortError')) return;
      const err = e instanceof ApiError ? e : null;
      if (err?.fields.mapping) {
        setMappingRefused(codeText(err.fields.mapping, overrides));
      } else {
        setFailure(codeText(err ? (err.fields.file ?? err.code) : 'internal', overrides));
        // A file refused whole (unreadable, too large, too many rows) is chosen again.
        if (err && (err.fields.file || err.status === 413)) clear();
      }
    } finally {
      if (abortRef.current === abort) {
        abortRef.current = null;
        setSending(null);
        setCommitting(false);
      }
    }
  }

  function choose(f: File | null) {
    resetRef.current?.();
    if (!f) return;
    clear();
    if (!importableFile(f)) {
      setFailure(t('import.wrong_type'));
      return;
    }
    setFile(f);
    void send(f, null, false);
  }

  const hasNumber = fields.includes('phone');
  function change(index: number, field: string | null) {
    const next = remap(fields, index, field);
    setFields(next);
    if (!file) return;
    if (next.includes('phone')) {
      void send(file, next, false);
    } else {
      // The server would refuse it: said at once, without sending the file again.
      abortRef.current?.abort();
      abortRef.current = null;
      setSending(null);
      setReport(null);
    }
  }

  // Opened again after a close that stopped a dry run: the same file and mapping run again.
  useEffect(() => {
    if (opened && file && columns.length > 0 && report === null && hasNumber && sending === null && failure === null && mappingRefused === null)
      void send(file, fields, false);
  }, [opened]);

  function close() {
    abortRef.current?.abort();
    abortRef.current = null;
    setSending(null);
    setCommitting(false);
    // A file not read yet is chosen again; a read one keeps its mapping.
    if (columns.length === 0) setFile(null);
    onClose();
  }

  const busy = sending !== null;
  const mapped = columns.length > 0;
  const guessMissing = report?.errors.some((e) => e.code === NUMBER_COLUMN_MISSING) ?? false;
  const mappingProblem = mapped && (!hasNumber || guessMissing) ? t('import.number_missing') : mappingRefused;
  const ready = report !== null && report.rows > 0 && report.errors.length === 0 && report.error_rows === 0 && hasNumber && !busy;
  const rows = report?.rows ?? 0;

  const progress = sending && file && (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">
        {sending.phase === 'uploading'
          ? t('import.uploading', { file: file.name, percent: sending.percent })
          : t(committing ? 'import.writing' : 'import.processing', { file: file.name })}
      </Text>
      <Progress
        value={sending.phase === 'uploading' ? sending.percent : 100}
        animated={sending.phase === 'processing'}
        striped={sending.phase === 'processing'}
        aria-label={t('import.progress')}
      />
    </Stack>
  );

  const chooser = (label: string, variant: 'filled' | 'default') => (
    <FileButton
      onChange={choose}
      accept={IMPORT_ACCEPT}
      resetRef={resetRef}
      disabled={busy}
      inputProps={{ name: 'contacts-file', 'aria-label': label }}
    >
      {(props) => (
        <Button {...props} variant={variant} loading={busy && !mapped} leftSection={<IconFileSpreadsheet size={16} />}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Modal opened={opened} onClose={close} title={t('import.title')} size="xl" centered>
      <Stack gap="md">
        {!mapped ? (
          <EmptyState icon={<IconFileSpreadsheet size={22} />} title={t('import.choose_title')} action={chooser(t('import.choose'), 'filled')} data-testid="import-choose">
            {t('import.intro')} {t('import.limits', { rows: n(IMPORT_MAX_ROWS), mb: n(IMPORT_MAX_MB) })}
          </EmptyState>
        ) : (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" fw={500} data-testid="import-file">
              {file?.name}
            </Text>
            {chooser(t('import.choose_other'), 'default')}
          </Group>
        )}

        {failure && (
          <Alert color="red" role="alert" title={t('import.failed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{failure}</Text>
              {mapped && file && hasNumber && (
                <Button size="xs" variant="light" onClick={() => void send(file, fields, false)}>
                  {t('import.retry')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        {mapped && <ImportMapping columns={columns} fields={fields} onChange={change} disabled={busy} problem={mappingProblem} />}

        {progress}

        {mapped && report && !mappingProblem && <ImportProblems report={report} columns={columns} fields={fields} />}

        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          {mapped && (
            <Button disabled={!ready} loading={committing} onClick={() => file && void send(file, fields, true)}>
              {report ? t('import.submit', { count: rows, n: n(rows) }) : t('import.title')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
