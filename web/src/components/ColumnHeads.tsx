import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading: its key (unique in the row) and its label, already translated. */
export interface ColumnHead {
  key: string;
  label: ReactNode;
}

/** A plain table's head: one row of column headings (scope="col"), in order. */
export function ColumnHeads({ heads }: { heads: readonly ColumnHead[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {heads.map((h) => (
          <Table.Th key={h.key} scope="col">
            {h.label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
