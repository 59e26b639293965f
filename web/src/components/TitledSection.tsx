import { type MantineSpacing, Title, type TitleOrder } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';

export type TitledSectionProps = Omit<ComponentProps<'section'>, 'title'> & {
  /** The heading's id: the section is named by it (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  order?: TitleOrder;
  size?: string;
  /** Space under the heading. */
  mb?: MantineSpacing;
};

/** A part of a page named by its own heading: a screen reader lists it as a region with that name. */
export function TitledSection({
  titleId,
  title,
  order = 2,
  size = 'h4',
  mb = 'xs',
  children,
  ...rest
}: TitledSectionProps) {
  return (
    <section aria-labelledby={titleId} {...rest}>
      <Title order={order} size={size} id={titleId} mb={mb}>
        {title}
      </Title>
      {children}
    </section>
  );
}
