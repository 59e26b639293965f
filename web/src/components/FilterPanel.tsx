import { Button, Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A page's filter form over a FilterPanel: the values it starts from (the URL's), what Search and Clear do. */
export interface FiltersProps<F> {
  initial: F;
  onApply(f: F): void;
  onClear(): void;
}

/**
 * A grid's or list's filter form (the staff grids, the public and private events lists): a titled panel of inputs with Search and Clear. The inputs' state belongs to the page;
 * Search submits (Enter in any input too) and does nothing while `valid` is false.
 */
export function FilterPanel({
  children,
  title,
  cols = 4,
  valid = true,
  onSearch,
  onClear,
}: {
  children: ReactNode;
  /** The panel's heading; "Search and filter" by default. */
  title?: string;
  /** Columns of inputs on a wide screen. */
  cols?: number;
  valid?: boolean;
  onSearch(): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid) onSearch();
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Title order={2} size="h4" id={titleId} mb="sm">
          {title ?? t('grid.filters')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: cols }} spacing="sm">
          {children}
        </SimpleGrid>
        <Group gap="sm" mt="md">
          <Button type="submit">{t('grid.search')}</Button>
          <Button variant="default" onClick={onClear}>
            {t('grid.clear')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
