import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHead } from './PageHead.tsx';

/**
 * A page's frame (the staff lists and the volunteer's own): its heading, with an `action` at the other end of the line
 * when it has one (a "new" button or link, shown or not), an `intro` paragraph under it, then the page itself.
 */
export function PageFrame({
  title,
  action,
  intro,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack mt="lg" gap="md">
      {action === undefined ? <Title order={1}>{title}</Title> : <PageHead title={title}>{action}</PageHead>}
      {intro !== undefined && <Text>{intro}</Text>}
      {children}
    </Stack>
  );
}
