import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ColumnHead, ColumnHeads } from './ColumnHeads.tsx';

/**
 * A read-only table wider than a phone screen: it scrolls sideways in a region keyboard users can focus and screen
 * readers name (axe: scrollable-region-focusable). `headers` are the column headings (already translated), `children`
 * the body's rows.
 */
export function ScrollTable({
  label,
  minWidth,
  headers,
  testId,
  children,
}: {
  label: string;
  minWidth: number;
  headers: readonly ColumnHead[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table striped withTableBorder data-testid={testId}>
        <ColumnHeads heads={headers} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
