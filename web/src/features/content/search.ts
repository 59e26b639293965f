import { CONTENT_KINDS, type ContentKind } from '../../../../domain/content/rules.ts';
import type { ContentAdminSearch } from './api.ts';

const pageOf = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 1 && n <= 100_000 ? n : undefined;
};

/** ?page= of a public list (absent on the first page). */
export function validatePageSearch(search: Record<string, unknown>): { page?: number } {
  const page = pageOf(search.page);
  return page ? { page } : {};
}

/** The admin grid's search: the kind shown (news by default), state, a title text and the page. */
export function validateContentSearch(search: Record<string, unknown>): Partial<ContentAdminSearch> {
  const out: Partial<ContentAdminSearch> = {};
  if (CONTENT_KINDS.includes(search.kind as ContentKind)) out.kind = search.kind as ContentKind;
  if (search.state === 'published' || search.state === 'draft') out.state = search.state;
  if (typeof search.text === 'string' && search.text.trim() && search.text.length <= 200) out.text = search.text;
  const page = pageOf(search.page);
  if (page) out.page = page;
  return out;
}
