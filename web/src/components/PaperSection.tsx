import { type MantineSpacing, Paper, Stack, type StackProps, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A framed part of a page named by its own heading (h2 at h3's size): a screen reader lists it as a region with that
 * name. Its content stacks under the heading.
 */
export function PaperSection(props: {
  /** The heading's id: the section is named by it (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  gap?: MantineSpacing;
  align?: StackProps['align'];
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={props.titleId}>
      <Stack gap={props.gap} align={props.align}>
        <Title order={2} size="h3" id={props.titleId}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}
