// Paging under a list: the pages (Mantine's Pagination, labelled for screen readers) and which
// rows are shown of how many. Pages count from 0 here, as the server's do.
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, pageCount } from '../logic';

export function Pager({
  page,
  perPage,
  total,
  shown,
  onPage,
  label,
}: {
  page: number;
  perPage: number;
  total: number;
  shown: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const first = total === 0 ? 0 : page * perPage + 1;
  const last = page * perPage + shown;
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="pager-range">
        {t('pager.range', { first: formatNumber(first, lang), last: formatNumber(last, lang), total: formatNumber(total, lang) })}
      </Text>
      {total > perPage && (
        <Pagination
          total={pageCount(total, perPage)}
          value={page + 1}
          onChange={(p) => onPage(p - 1)}
          size="sm"
          aria-label={label}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? t('pager.next') : control === 'previous' ? t('pager.previous') : undefined,
          })}
          getItemProps={(p) => ({ 'aria-label': t('pager.page', { n: p }) })}
        />
      )}
    </Group>
  );
}
