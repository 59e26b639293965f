import type { ReactNode } from 'react';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { TitledSection } from '../../components/TitledSection.tsx';
import { eventName } from './format.ts';

type Named = { id: string; nameAr: string | null; nameEn: string | null };

/**
 * A titled list of events, each a link by its name (in the page's language, the other one failing it): to the event's
 * public page, or (`manage`) to its management page; `note` adds a word after a name.
 */
export function EventLinks<E extends Named>({
  titleId,
  title,
  testId,
  events,
  manage = false,
  note,
}: {
  titleId: string;
  title: string;
  testId: string;
  events: readonly E[];
  manage?: boolean;
  note?(event: E): ReactNode;
}) {
  const lang = useLanguageStore((s) => s.lang);
  return (
    <TitledSection titleId={titleId} title={title}>
      <ul className="plain-list" data-testid={testId}>
        {events.map((e) => (
          <li key={e.id}>
            <AnchorLink to={manage ? '/$lang/events/manage/$id' : '/$lang/events/$id'} params={{ lang, id: e.id }}>
              {eventName(e, lang)}
            </AnchorLink>
            {note && <> {note(e)}</>}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
