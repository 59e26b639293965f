import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Read } from '../lib/reads.ts';
import { QueryError } from './QueryError.tsx';

/** A read with nothing to show yet: a spinner while it loads, its failure with Try again (QueryError) once it failed. */
export function QueryState({ query }: { query: Read }) {
  const { t } = useTranslation();
  if (query.error) return <QueryError query={query} />;
  return (
    <Center mih="30vh">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}
