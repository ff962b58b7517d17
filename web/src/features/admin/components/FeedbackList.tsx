// What visitors sent through the public feedback form (`/feedback/{topic}`), newest first: when,
// the topic, who (name, e-mail as a mail link, WhatsApp number) and the message, kept as typed
// (line breaks shown, never read as markup).
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconMessage2 } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { PagedTable } from '@/components/PagedTable';
import { usePaged } from '@/lib/useLoad';
import { fetchFeedback } from '../api';
import { formatDateTime } from '../logic';

export const FEEDBACK_PER_PAGE = 20;

export function FeedbackList() {
  const { t, i18n } = useTranslation('admin');
  const list = usePaged(fetchFeedback, FEEDBACK_PER_PAGE);

  return (
    <PagedTable
      rows={list.data?.items}
      state={list}
      texts={{ loading: t('feedback.loading'), failed: t('feedback.load_failed'), pages: t('feedback.pages') }}
      empty={
        <EmptyState icon={<IconMessage2 size={22} />} title={t('feedback.empty')} data-testid="feedback-empty">
          {t('feedback.empty_hint')}
        </EmptyState>
      }
      minWidth={820}
      data-testid="feedback-list"
      striped
      paging={{ page: list.page, perPage: FEEDBACK_PER_PAGE, total: list.data?.total ?? 0, onPage: list.setPage }}
      head={
        <>
          <Table.Th>{t('feedback.at')}</Table.Th>
          <Table.Th>{t('feedback.topic')}</Table.Th>
          <Table.Th>{t('feedback.from')}</Table.Th>
          <Table.Th>{t('feedback.message')}</Table.Th>
        </>
      }
      row={(f) => (
        <Table.Tr key={f.id} data-testid="feedback-row">
          <Table.Td miw={140}>{formatDateTime(f.created_at, i18n.language)}</Table.Td>
          <Table.Td>{f.topic}</Table.Td>
          <Table.Td>
            <Text size="sm" fw={500}>
              {f.name}
            </Text>
            <Anchor size="xs" href={`mailto:${f.email}`}>
              {f.email}
            </Anchor>
            {f.whatsapp && (
              <Text size="xs" c="dimmed">
                {f.whatsapp}
              </Text>
            )}
          </Table.Td>
          <Table.Td maw={480}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {f.message}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
