import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page of one narrow column, centred (sign-in, password and recovery pages): its heading, then its content. */
export function NarrowPage(props: { width: number; title: string; titleId?: string; children: ReactNode }) {
  return (
    <Stack maw={props.width} mx="auto" mt="xl">
      <Title order={1} id={props.titleId}>
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}
