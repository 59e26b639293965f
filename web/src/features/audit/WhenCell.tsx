import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { formatWhen } from '../review/index.ts';

/** A grid cell's instant: date and time in the page's language, and the Hijri day under it on Arabic pages. */
export function WhenCell({ at, lang, t }: { at: string; lang: Lang; t: TFunction }) {
  const when = formatWhen(at, lang, t);
  return (
    <>
      <Text size="sm">
        <time dateTime={at}>{when.main}</time>
      </Text>
      {when.hijri && (
        <Text size="xs" c="dimmed">
          {when.hijri}
        </Text>
      )}
    </>
  );
}
