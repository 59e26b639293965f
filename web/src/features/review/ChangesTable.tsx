import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { lookupsQuery } from '../registration/index.ts';
import { type Change, fieldLabel, formatValue } from './changes.ts';

/** The fields one event changed: field, value before, value after (the history tab and the audit log). */
export function ChangesTable({ changes, caption }: { changes: readonly Change[]; caption: string }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const lookups = useQuery(lookupsQuery);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('history.noChanges')}
      </Text>
    );
  }
  const ctx = { t, lang, lookups: lookups.data };
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm" layout="fixed" data-testid="changes">
      <caption className="visually-hidden">{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="30%">
            {t('history.field')}
          </Table.Th>
          <Table.Th scope="col" w="35%">
            {t('history.from')}
          </Table.Th>
          <Table.Th scope="col" w="35%">
            {t('history.to')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.field} data-field={c.field}>
            <Table.Th scope="row" fw={600}>
              {fieldLabel(c.field, t)}
            </Table.Th>
            <Table.Td className="change-value" data-testid="change-from">
              <Value text={formatValue(c.field, c.from, ctx)} />
            </Table.Td>
            <Table.Td className="change-value" data-testid="change-to">
              <Value text={formatValue(c.field, c.to, ctx)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const ARABIC = /[\u0600-\u06FF]/;

/** A value isolated from the text around it; one without Arabic letters (ids, e-mails, numbers) reads left to right. */
function Value({ text }: { text: string }) {
  return <bdi dir={ARABIC.test(text) ? 'auto' : 'ltr'}>{text}</bdi>;
}
