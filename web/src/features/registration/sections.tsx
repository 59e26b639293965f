import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { useFieldSource } from '../../components/form/useDomainForm.ts';
import { fieldId, LIST_MAX, type ListName, type Row, rowHasData } from './formState.ts';

/** A titled part of the form; `anchor` is the spec's section anchor (personalInfoSection, IdSection, …). */
export function FormSection({
  anchor,
  titleKey,
  children,
}: {
  anchor: string;
  titleKey: TranslationKey;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="reg-section"
    >
      <Title order={2} size="h3" id={`${anchor}-title`} mb="md" tabIndex={-1}>
        {t(titleKey)}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

const ADD_KEYS: Record<ListName, TranslationKey> = {
  emergencyContacts: 'reg.add.emergencyContacts',
  graduationCertificates: 'reg.add.graduationCertificates',
  expertises: 'reg.add.expertises',
  trainings: 'reg.add.trainings',
  volunteerCertificates: 'reg.add.volunteerCertificates',
  languages: 'reg.add.languages',
  volunteerWorks: 'reg.add.volunteerWorks',
  otherAttachments: 'reg.add.otherAttachments',
};

const TITLE_KEYS: Record<ListName, TranslationKey> = {
  emergencyContacts: 'reg.section.emergencyContacts',
  graduationCertificates: 'reg.section.graduationCertificates',
  expertises: 'reg.section.expertises',
  trainings: 'reg.section.trainings',
  volunteerCertificates: 'reg.section.volunteerCertificates',
  languages: 'reg.section.languages',
  volunteerWorks: 'reg.section.volunteerWorks',
  otherAttachments: 'reg.section.otherAttachments',
};

export function listTitleKey(list: ListName): TranslationKey {
  return TITLE_KEYS[list];
}

let nextRowKey = 0;
const newKey = () => `row-${++nextRowKey}`;

interface ListSectionProps<L extends ListName> {
  list: L;
  rows: readonly Row<L>[];
  onChange(rows: Row<L>[]): void;
  /** Called after a row is removed (the form forgets the rows' issues, whose numbers have shifted). */
  onRemoved?(): void;
  renderRow(row: Row<L>, index: number): ReactNode;
  /** Shown with a star: the submit rules need at least one row. */
  required?: boolean;
}

/**
 * A repeatable list: each row a fieldset named "Section (n)", with a remove button (confirmed when the row holds
 * data), and an add button. Issues on the list itself (none given, duplicates) show at its top.
 */
export function ListSection<L extends ListName>({
  list,
  rows,
  onChange,
  onRemoved,
  renderRow,
  required,
}: ListSectionProps<L>) {
  const { t } = useTranslation();
  const listCode = useFieldSource().errorOf(list);
  const listError = listCode ? t(listCode) : undefined;
  const [keys, setKeys] = useState<string[]>(() => rows.map(newKey));
  const [confirming, setConfirming] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Rows replaced from outside (a reload): fresh keys.
  const rowKeys = keys.length === rows.length ? keys : rows.map((_, i) => keys[i] ?? `${list}-${i}`);
  const titleKey: TranslationKey = TITLE_KEYS[list];
  const addKey: TranslationKey = ADD_KEYS[list];
  const title = t(titleKey);
  const rowName = (index: number) => t('reg.list.row', { section: title, n: index + 1 });
  const max = LIST_MAX[list];

  function add() {
    const index = rows.length;
    setKeys([...rowKeys, newKey()]);
    onChange([...rows, {} as Row<L>]);
    // Focus the new row's first control once it is on the page.
    requestAnimationFrame(() => {
      const row = document.getElementById(fieldId(`${list}.${index}`));
      row
        ?.querySelector<HTMLElement>('input:not([type="hidden"]):not([type="file"]), select, textarea, button')
        ?.focus();
    });
  }

  function remove(index: number) {
    setKeys(rowKeys.filter((_, i) => i !== index));
    onChange(rows.filter((_, i) => i !== index));
    setConfirming(null);
    onRemoved?.();
    requestAnimationFrame(() => addButton.current?.focus());
  }

  function askRemove(index: number) {
    const row = rows[index];
    if (row && rowHasData(row)) setConfirming(index);
    else remove(index);
  }

  return (
    <FormSection anchor={`${list}Section`} titleKey={titleKey}>
      <div id={fieldId(list)} tabIndex={-1} className="reg-list">
        {listError && (
          <Alert color="red" variant="outline" mb="sm" aria-live="polite">
            <Text size="sm" c="red.9">
              {listError}
            </Text>
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('reg.list.empty')}
            {required && (
              <Text span c="red.9" aria-hidden="true">
                {' *'}
              </Text>
            )}
          </Text>
        ) : (
          <Stack gap="sm">
            {rows.map((row, index) => (
              <fieldset key={rowKeys[index]} id={fieldId(`${list}.${index}`)} className="reg-row">
                <legend className="reg-row-legend">{rowName(index)}</legend>
                <Stack gap="sm">{renderRow(row, index)}</Stack>
                <Group justify="flex-end" mt="xs">
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    size="compact-sm"
                    aria-label={t('reg.list.removeRow', { row: rowName(index) })}
                    onClick={() => askRemove(index)}
                  >
                    {t('reg.list.remove')}
                  </Button>
                </Group>
              </fieldset>
            ))}
          </Stack>
        )}
      </div>
      <Group gap="sm">
        <Button ref={addButton} variant="light" onClick={add} disabled={rows.length >= max}>
          {t(addKey)}
        </Button>
        {rows.length >= max && (
          <Text size="sm" c="dimmed">
            {t('reg.list.max', { max })}
          </Text>
        )}
      </Group>
      <ConfirmModal
        opened={confirming !== null}
        title={t('reg.confirmRemove.title')}
        message={confirming !== null ? t('reg.confirmRemove.text', { row: rowName(confirming) }) : ''}
        confirmLabel={t('reg.list.remove')}
        cancelLabel={t('reg.confirmRemove.cancel')}
        danger
        onConfirm={() => confirming !== null && remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </FormSection>
  );
}
