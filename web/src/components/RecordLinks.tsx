import { AnchorLink } from '../app/layout/links.tsx';
import { useLanguageStore } from '../app/stores/language.ts';

/** A list page whose only parameter is the language (add yours as another page adopts this piece). */
export type ListPage = '/$lang/users' | '/$lang/master-data';

export interface RecordLinksProps {
  /** The list the record belongs to, and the back link's text ("Back to the users"). */
  back: { to: ListPage; text: string };
  /** The record's history page: its kind (stream category, domain/record-kinds.ts) and id, the link's text and test id. */
  history: { kind: string; id: string; text: string; testId: string };
}

/** A record page's first two links: back to its list, and to the record's history. */
export function RecordLinks({ back, history }: RecordLinksProps) {
  const lang = useLanguageStore((s) => s.lang);
  return (
    <>
      <AnchorLink to={back.to} params={{ lang }}>
        {back.text}
      </AnchorLink>
      <AnchorLink
        to="/$lang/history/$kind/$id"
        params={{ lang, kind: history.kind, id: history.id }}
        data-testid={history.testId}
      >
        {history.text}
      </AnchorLink>
    </>
  );
}
