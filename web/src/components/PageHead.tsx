import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading with its actions (a "new" button or link) at the other end of the line. */
export function PageHead({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={1}>{title}</Title>
      {children}
    </Group>
  );
}
