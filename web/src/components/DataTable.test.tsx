// The table with its header row: the head and the rows where they belong, the table's own props
// (test id, its name, busy) on the table itself.
import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders, setupSuite } from '@/testing/harness';
import { DataTable } from './DataTable';

setupSuite();

test('the header cells in the head, the rows in the body, the props on the table', () => {
  renderWithProviders(
    <DataTable minWidth={400} head={<Table.Th>Name</Table.Th>} data-testid="people" aria-label="People" aria-busy>
      <Table.Tr>
        <Table.Td>Asha Rao</Table.Td>
      </Table.Tr>
    </DataTable>,
  );
  const table = screen.getByRole('table', { name: 'People' });
  expect(table).toHaveAttribute('data-testid', 'people');
  expect(table).toHaveAttribute('aria-busy', 'true');
  const [head, body] = within(table).getAllByRole('rowgroup');
  expect(within(head!).getByRole('columnheader')).toHaveTextContent('Name');
  expect(within(body!).getByRole('cell')).toHaveTextContent('Asha Rao');
});
