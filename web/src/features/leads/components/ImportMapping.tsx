// The import's mapping: one row per column of the file — its header, the first values under it
// and the field it fills (each field fills one column; "Don't import" leaves the column out).
// With no column for the number the import cannot go on, and it says so under the table.
import { NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportColumn } from '@/generated/contract';
import { IMPORT_FIELDS } from '../logic';

export function ImportMapping({
  columns,
  fields,
  onChange,
  disabled,
  problem,
}: {
  columns: ImportColumn[];
  fields: (string | null)[];
  onChange: (index: number, field: string | null) => void;
  disabled: boolean;
  /** Why the mapping cannot be used (no column for the number, a refused mapping), or null. */
  problem: string | null;
}) {
  const { t } = useTranslation('leads');
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={520}>
        <Table withTableBorder verticalSpacing="xs" data-testid="import-mapping" aria-labelledby="import-mapping-heading">
          <Table.Caption id="import-mapping-heading" style={{ captionSide: 'top', textAlign: 'left' }}>
            {t('import.mapping_title')}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('import.column')}</Table.Th>
              <Table.Th scope="col">{t('import.samples')}</Table.Th>
              <Table.Th scope="col">{t('import.field')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {columns.map((c, i) => {
              const header = c.header.trim() || t('import.untitled', { n: i + 1 });
              return (
                <Table.Tr key={i} data-testid="import-column">
                  <Table.Td fw={500}>{header}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={c.samples.length ? undefined : 'dimmed'} lineClamp={2}>
                      {c.samples.filter((s) => s.trim() !== '').join(' · ') || t('import.no_samples')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={t('import.field_for', { header })}
                      value={fields[i] ?? ''}
                      disabled={disabled}
                      onChange={(e) => onChange(i, e.currentTarget.value || null)}
                      data={[
                        { value: '', label: t('import.skip') },
                        ...IMPORT_FIELDS.map((f) => ({
                          value: f,
                          label: t(`field.${f}`),
                          // Each field fills one column: the ones another column has are shown, not offered.
                          disabled: fields.some((g, j) => j !== i && g === f),
                        })),
                      ]}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {problem && (
        <Text c="red.7" size="sm" role="alert" data-testid="import-mapping-problem">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
