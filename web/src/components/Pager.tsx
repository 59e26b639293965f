import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page buttons with translated names (page n, first, previous, next, last), inside a labelled nav. */
export function Pager({ total, value, onChange }: { total: number; value: number; onChange(page: number): void }) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <nav aria-label={t('grid.pagination')}>
      <Pagination
        total={total}
        value={Math.min(value, total)}
        onChange={onChange}
        withEdges
        size="sm"
        siblings={1}
        getItemProps={(page) => ({ 'aria-label': t('grid.page', { n: page }) })}
        getControlProps={(control) => ({
          'aria-label': t(
            control === 'first'
              ? 'grid.firstPage'
              : control === 'previous'
                ? 'grid.previousPage'
                : control === 'next'
                  ? 'grid.nextPage'
                  : 'grid.lastPage',
          ),
        })}
      />
    </nav>
  );
}
