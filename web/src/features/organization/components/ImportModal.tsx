// 'Add with excel': upload a CSV or XLSX file of employees, watch it upload and be read, then
// see how many were added and, row by row, why the others were not (the server keeps the valid
// rows and reports the rest with their line and rule code).
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@/generated/contract';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { errorCodes, IMPORT_ACCEPT, importableFile } from '../logic';
import { TeamSelect, useNewMembers } from './newMembers';
import { useErrorText } from './useErrorText';

interface Props {
  opened: boolean;
  onClose: () => void;
  onImported: () => void;
}

type State =
  | { step: 'idle' }
  | { step: 'working'; progress: api.UploadProgress; file: string }
  | { step: 'done'; report: ImportReport; file: string }
  | { step: 'failed'; message: string };

const COLUMNS = ['number', 'name', 'email', 'address'] as const;

export function ImportModal({ opened, onClose, onImported }: Props) {
  const { t } = useTranslation('organization');
  const { text } = useErrorText();
  const members = useNewMembers();
  const { mapping, isAdmin, teamId } = members;
  const [state, setState] = useState<State>({ step: 'idle' });
  const resetRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    if (opened) {
      setState({ step: 'idle' });
      members.resetTeam();
    }
    return () => abortRef.current?.abort();
  }, [opened, isAdmin, mapping]);

  async function upload(file: File | null) {
    resetRef.current?.();
    if (!file || !mapping) return;
    if (!importableFile(file)) {
      setState({ step: 'failed', message: t('import.wrong_type') });
      return;
    }
    const abort = new AbortController();
    abortRef.current = abort;
    setState({ step: 'working', progress: { phase: 'uploading', percent: 0 }, file: file.name });
    try {
      const report = await api.importEmployees(
        mapping.org_id,
        file,
        (progress) => setState({ step: 'working', progress, file: file.name }),
        { teamId, signal: abort.signal },
      );
      setState({ step: 'done', report, file: file.name });
      if (report.inserted > 0) {
        toast.success(t('import.imported_toast', { count: report.inserted }));
        onImported();
        members.refresh(teamId !== null);
      }
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      const [first] = errorCodes(err);
      // An unreadable file is the spec's 'File should be an Excel file'.
      const message =
        first?.code === 'import_file_unreadable' ? t('import.wrong_type') : text(first?.code ?? 'internal');
      setState({ step: 'failed', message });
    }
  }

  const working = state.step === 'working';
  const columnName = (field: string) =>
    (COLUMNS as readonly string[]).includes(field) ? t(`import.column_${field as (typeof COLUMNS)[number]}`) : field;

  return (
    <Modal opened={opened} onClose={onClose} title={t('import.title')} size="lg" centered>
      <Stack gap="md">
        <Text size="sm">{t('import.intro')}</Text>
        <Anchor href={api.SAMPLE_CSV_URL} download size="sm">
          {t('employees.sample')}
        </Anchor>
        <TeamSelect label={t('import.team')} form={members} disabled={working} />
        <Group>
          <FileButton
            onChange={(f) => void upload(f)}
            accept={IMPORT_ACCEPT}
            resetRef={resetRef}
            disabled={working}
            inputProps={{ name: 'employee-file', 'aria-label': t('import.choose') }}
          >
            {(props) => (
              <Button {...props} loading={working}>
                {t('import.choose')}
              </Button>
            )}
          </FileButton>
        </Group>

        {state.step === 'working' && (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">
              {state.progress.phase === 'uploading'
                ? t('import.uploading', { file: state.file, percent: state.progress.percent })
                : t('import.processing', { file: state.file })}
            </Text>
            <Progress
              value={state.progress.phase === 'uploading' ? state.progress.percent : 100}
              animated={state.progress.phase === 'processing'}
              striped={state.progress.phase === 'processing'}
              aria-label={t('import.progress')}
            />
          </Stack>
        )}

        {state.step === 'failed' && (
          <Alert color="red" role="alert" title={t('import.failed')}>
            {state.message}
          </Alert>
        )}

        {state.step === 'done' && (
          <Stack gap="sm" role="status" aria-live="polite" data-testid="import-result">
            <Alert color={state.report.errors.length ? 'yellow' : 'teal'} title={state.file}>
              {t('import.summary', { inserted: state.report.inserted, rows: state.report.rows })}
            </Alert>
            {state.report.errors.length === 0 ? (
              <Text size="sm">{t('import.all_imported')}</Text>
            ) : (
              <Table striped withTableBorder aria-labelledby="import-errors-heading">
                <Table.Caption id="import-errors-heading" style={{ captionSide: 'top', textAlign: 'left' }}>
                  {t('import.errors_heading')}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('import.line')}</Table.Th>
                    <Table.Th scope="col">{t('import.column')}</Table.Th>
                    <Table.Th scope="col">{t('import.problem')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.report.errors.map((e, i) => (
                    <Table.Tr key={`${e.row}-${e.field}-${i}`}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>{columnName(e.field)}</Table.Td>
                      <Table.Td>{text(e.code)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
