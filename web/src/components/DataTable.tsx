// A table with its header row, in a container that scrolls sideways when the screen is narrower
// than `minWidth`: every list drawn as a table (PagedTable draws its rows in one). The rest of
// the props go to the table (its test id, stripes, its name for screen readers).
import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DataTableProps extends TableProps {
  minWidth: number;
  /** The header cells (Table.Th). */
  head: ReactNode;
  /** The rows (keyed Table.Tr). */
  children: ReactNode;
  'data-testid'?: string;
}

export function DataTable({ minWidth, head, children, ...table }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
