import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

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
  headers: readonly { key: string; label: ReactNode }[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table striped withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h.key} scope="col">
                {h.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
