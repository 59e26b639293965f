import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorSuggestion } from '../../../../api/contracts/audit.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { actorName } from '../review/index.ts';
import { actorsQuery } from './api.ts';

/** A user as the autocomplete lists them: name in the page's language, and the user name that tells two apart. */
function labelOf(a: ActorSuggestion, lang: 'ar' | 'en', t: Parameters<typeof actorName>[2]): string {
  return `${actorName(a, lang, t).name} (${a.userName})`;
}

/**
 * The audit log's actor filter: the admin types part of a person's name, picks them from the users found, and the log
 * is filtered by that user's id (never typed by hand). Clearing the text clears the filter.
 */
export function ActorFilter({
  name,
  onChange,
}: {
  /** The chosen actor's label, shown in the field. */
  name: string | undefined;
  onChange(actor: { id: string; name: string } | null): void;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [text, setText] = useState(name ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const found = useQuery(actorsQuery(debounced));
  const options = (found.data ?? []).map((a) => ({ value: a.id, label: labelOf(a, lang, t) }));
  return (
    <Autocomplete
      label={t('audit.actor')}
      placeholder={t('audit.actorPlaceholder')}
      value={text}
      maxLength={100}
      data={options}
      // The server searched the names already: every suggestion it sent is shown.
      filter={({ options: all }) => all}
      rightSection={found.isFetching ? <Loader size="xs" /> : null}
      onChange={(v) => {
        setText(v);
        if (v.trim() === '') onChange(null);
      }}
      onOptionSubmit={(id) => {
        const chosen = options.find((o) => o.value === id);
        if (chosen) onChange({ id, name: chosen.label });
      }}
      data-testid="audit-actor"
    />
  );
}
