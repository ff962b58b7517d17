// "Export CSV" for one table or series; the label names what is exported.
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, type CsvCell } from '../logic';

export function CsvButton({ name, file, rows }: { name: string; file: string; rows: () => CsvCell[][] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={t('csv.export_named', { name })}
      onClick={() => downloadCsv(`${file}.csv`, rows())}
      data-testid={`csv-${file}`}
    >
      {t('csv.export')}
    </Button>
  );
}
