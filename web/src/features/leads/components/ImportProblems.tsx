// What a dry run (or a refused commit) found: the rows and what they would do, and — when any
// row is refused — each refusal with its line, the column it is in and the reason in words.
// Nothing is written while any row is refused, and the text says so.
import { Alert, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContactImportReport, ImportColumn } from '@/generated/contract';
import { useCodeText } from '@/lib/errorText';
import { isImportField, NUMBER_COLUMN_MISSING } from '../logic';

export function ImportProblems({
  report,
  columns,
  fields,
}: {
  report: ContactImportReport;
  columns: ImportColumn[];
  fields: (string | null)[];
}) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  // The missing number column is said under the mapping, not as a row's problem.
  const problems = report.errors.filter((e) => e.code !== NUMBER_COLUMN_MISSING);
  const bad = Math.max(report.error_rows, new Set(problems.map((e) => e.row)).size);
  const columnOf = (field: string) => {
    const i = fields.indexOf(field);
    const header = i >= 0 ? columns[i]?.header.trim() : undefined;
    if (header) return header;
    return isImportField(field) ? t(`field.${field}`) : field;
  };

  if (report.rows === 0) {
    return (
      <Alert color="yellow" data-testid="import-summary">
        {t('import.empty')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Alert color={bad > 0 ? 'yellow' : 'teal'} data-testid="import-summary" role="status" aria-live="polite">
        {t('import.summary', { rows: n(report.rows), created: n(report.created), updated: n(report.updated), unchanged: n(report.unchanged) })}
      </Alert>
      {bad > 0 && (
        <>
          <Text size="sm" c="red.8" data-testid="import-problems-text">
            {t('import.problems', { count: bad, n: n(bad) })}
          </Text>
          {problems.length > 0 && (
            <Table.ScrollContainer minWidth={420} maxHeight={320}>
              <Table striped withTableBorder aria-labelledby="import-problems-heading" data-testid="import-problems">
                <Table.Caption id="import-problems-heading" style={{ captionSide: 'top', textAlign: 'left' }}>
                  {t('import.problems_heading')}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('import.line')}</Table.Th>
                    <Table.Th scope="col">{t('import.column')}</Table.Th>
                    <Table.Th scope="col">{t('import.problem')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {problems.map((e, i) => (
                    <Table.Tr key={`${e.row}-${e.field}-${i}`}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>{columnOf(e.field)}</Table.Td>
                      <Table.Td>{codeText(e.code)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {report.errors.length >= 500 && (
            <Text size="xs" c="dimmed">
              {t('import.first_problems', { n: n(report.errors.length) })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
