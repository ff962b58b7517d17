// Discovery (000 §2; meaning decided in docs/DECISIONS.md): the organisation's documents (name,
// pages, size, upload date, download, delete), questions suggested from their names that fill
// the input, and for admins the questions nothing in the documents answered.
import { ActionIcon, Alert, Button, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import type { UnansweredQuestion } from '@/generated/contract';
import { codeOf, useCodeText } from '@/lib/errorText';
import { documentUrl, listUnanswered } from '../api';
import { formatSize, maskPersonal, suggestionTopics } from '../logic';
import { useKb } from '../stores/kb';
import { LoadFailed } from './LoadFailed';

function dateOf(iso: string, lang: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(d);
}

function Documents({ orgId, mayDelete, onAttach }: { orgId: number; mayDelete: boolean; onAttach?: () => void }) {
  const { t, i18n } = useTranslation('kb');
  const { t: tc } = useTranslation('common');
  const codeText = useCodeText();
  const documents = useKb((s) => s.documents);
  const load = useKb((s) => s.loadDocuments);
  const remove = useKb((s) => s.removeDocument);
  const mask = useKb((s) => s.mask);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Not asked yet counts as loading: no "No documents yet" flash before the list arrives.
  if ((documents.status === 'loading' || documents.status === 'idle') && documents.list.length === 0)
    return <Loader size="sm" aria-label={tc('loading')} />;
  if (documents.status === 'error')
    return <LoadFailed onRetry={() => void load()} />;
  if (documents.list.length === 0)
    return (
      <EmptyState
        compact
        title={t('no_documents')}
        action={
          mayDelete &&
          onAttach && (
            <Button size="xs" variant="light" leftSection={<IconPaperclip size={14} aria-hidden />} onClick={onAttach}>
              {t('attach')}
            </Button>
          )
        }
        data-testid="documents-empty"
      >
        {mayDelete ? t('no_documents_hint') : t('no_documents_reader')}
      </EmptyState>
    );
  const del = async (id: number) => {
    setError(null);
    try {
      await remove(id);
      setConfirming(null);
    } catch (e) {
      setError(codeText(codeOf(e)));
    }
  };
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <DataTable
        minWidth={420}
        data-testid="documents"
        head={
          <>
            <Table.Th>{t('name')}</Table.Th>
            <Table.Th>{t('pages')}</Table.Th>
            <Table.Th>{t('size')}</Table.Th>
            <Table.Th>{t('uploaded_on')}</Table.Th>
            <Table.Th />
          </>
        }
      >
        {documents.list.map((d) => {
          const name = mask ? maskPersonal(d.name) : d.name;
          return (
            <Table.Tr key={d.id}>
              <Table.Td>{name}</Table.Td>
              <Table.Td>{d.pages}</Table.Td>
              <Table.Td>{formatSize(d.size_bytes, i18n.language)}</Table.Td>
              <Table.Td>{dateOf(d.created_at, i18n.language)}</Table.Td>
              <Table.Td>
                {confirming === d.id ? (
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs">{t('delete_confirm', { name })}</Text>
                    <Button size="compact-xs" color="red" onClick={() => void del(d.id)}>
                      {t('delete_yes')}
                    </Button>
                    <Button size="compact-xs" variant="default" onClick={() => setConfirming(null)}>
                      {t('cancel')}
                    </Button>
                  </Group>
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      component="a"
                      href={documentUrl(orgId, d.id)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('download', { name })}
                    >
                      <IconDownload size={16} aria-hidden />
                    </ActionIcon>
                    {mayDelete && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('delete', { name })} onClick={() => setConfirming(d.id)}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
    </Stack>
  );
}

function Suggestions({ onPick }: { onPick: () => void }) {
  const { t } = useTranslation('kb');
  const documents = useKb((s) => s.documents.list);
  const setDraft = useKb((s) => s.setDraft);
  const mask = useKb((s) => s.mask);
  const topics = suggestionTopics(documents);
  if (topics.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {t('suggestions')}
      </Title>
      <Group gap="xs">
        {topics.map((name) => {
          const q = t('suggest', { name });
          return (
            <Button
              key={name}
              size="xs"
              variant="light"
              onClick={() => {
                setDraft(q);
                onPick();
              }}
            >
              {mask ? maskPersonal(q) : q}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

function Unanswered({ orgId }: { orgId: number }) {
  const { t, i18n } = useTranslation('kb');
  const { t: tc } = useTranslation('common');
  const mask = useKb((s) => s.mask);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; list: UnansweredQuestion[] }>({
    status: 'loading',
    list: [],
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    listUnanswered(orgId).then(
      (list) => live && setState({ status: 'ready', list }),
      () => live && setState({ status: 'error', list: [] }),
    );
    return () => {
      live = false;
    };
  }, [orgId, attempt]);
  return (
    <Stack gap="xs" data-testid="unanswered">
      <Title order={3} size="h6">
        {t('unanswered')}
      </Title>
      {state.status === 'loading' && <Loader size="sm" aria-label={tc('loading')} />}
      {state.status === 'error' && (
        <LoadFailed
          onRetry={() => {
            setState({ status: 'loading', list: [] });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {state.status === 'ready' && state.list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('no_unanswered')}
        </Text>
      )}
      {state.list.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {state.list.map((q, i) => (
            <Group key={i} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{mask ? maskPersonal(q.question) : q.question}</Text>
              <Text size="xs" c="dimmed">
                {dateOf(q.at, i18n.language)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function Discovery({
  orgId,
  admin,
  mayWrite = true,
  opened,
  onClose,
  onAttach,
}: {
  orgId: number;
  admin: boolean;
  mayWrite?: boolean;
  opened: boolean;
  onClose: () => void;
  /** Opens the chat's file picker (an empty document list's first step). */
  onAttach?: () => void;
}) {
  const { t } = useTranslation('kb');
  const load = useKb((s) => s.loadDocuments);
  useEffect(() => {
    if (opened) void load();
  }, [opened, load]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('discovery')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={3} size="h6">
            {t('documents')}
          </Title>
          <Documents
            orgId={orgId}
            mayDelete={mayWrite}
            onAttach={
              onAttach &&
              (() => {
                onClose();
                onAttach();
              })
            }
          />
        </Stack>
        <Suggestions onPick={onClose} />
        {admin && opened && <Unanswered orgId={orgId} />}
      </Stack>
    </Drawer>
  );
}
