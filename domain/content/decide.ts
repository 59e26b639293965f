import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type ContentEvent, contentEvents } from './events.ts';
import {
  type ContentFields,
  type ContentKind,
  contentIssues,
  normalise,
  ORDER_MAX,
  PAGE_KEYS,
  type PageKey,
} from './rules.ts';

export interface Content {
  id: string | null;
  kind: ContentKind | null;
  published: boolean;
  deleted: boolean;
  order: number;
}

export type ContentCommand =
  /** Rich text arrives already cleaned (commands/content/sanitize.ts): the event holds clean HTML. */
  | {
      type: 'CreateContent';
      contentId: string;
      kind: ContentKind;
      key: PageKey | null;
      order: number;
      fields: ContentFields;
    }
  | { type: 'EditContent'; fields: ContentFields }
  | { type: 'PublishContent' }
  | { type: 'UnpublishContent' }
  | { type: 'ReorderContent'; order: number }
  | { type: 'DeleteContent' };

function check(kind: ContentKind, fields: ContentFields): ContentFields {
  const f = normalise(kind, fields);
  const first = contentIssues(kind, f)[0];
  if (first) throw new DomainError(first.code, { field: first.path });
  return f;
}

function live(s: Content): asserts s is Content & { id: string; kind: ContentKind } {
  if (!s.id || s.deleted) throw new DomainError('NotFound');
}

export const contentDecider: Decider<Content, ContentCommand, ContentEvent> = {
  events: contentEvents,
  initialState: () => ({ id: null, kind: null, published: false, deleted: false, order: 0 }),

  evolve(s, e) {
    switch (e.type) {
      case 'ContentCreated':
        return { ...s, id: e.data.contentId, kind: e.data.kind, order: e.data.order };
      case 'ContentEdited':
        return s;
      case 'ContentPublished':
        return { ...s, published: true };
      case 'ContentUnpublished':
        return { ...s, published: false };
      case 'ContentReordered':
        return { ...s, order: e.data.order };
      case 'ContentDeleted':
        return { ...s, deleted: true, published: false };
    }
  },

  decide(cmd, s, now) {
    const at = now.toISOString();
    switch (cmd.type) {
      case 'CreateContent': {
        // A static page has its fixed key; no other kind has one.
        if ((cmd.kind === 'page') !== (cmd.key !== null) || (cmd.key !== null && !PAGE_KEYS.includes(cmd.key)))
          throw new DomainError('ValidationFailed', { field: 'key' });
        const fields = check(cmd.kind, cmd.fields);
        if (s.id) throw new DomainError('ContentAlreadyExists', { field: 'key' });
        const order = Math.max(0, Math.min(ORDER_MAX, Math.trunc(cmd.order)));
        return [
          {
            type: 'ContentCreated',
            data: { contentId: cmd.contentId, kind: cmd.kind, key: cmd.key, order, ...fields, at },
          },
        ];
      }
      case 'EditContent': {
        live(s);
        const fields = check(s.kind, cmd.fields);
        return [{ type: 'ContentEdited', data: { contentId: s.id, ...fields, at } }];
      }
      case 'PublishContent':
        live(s);
        return s.published ? [] : [{ type: 'ContentPublished', data: { contentId: s.id, at } }];
      case 'UnpublishContent':
        live(s);
        return s.published ? [{ type: 'ContentUnpublished', data: { contentId: s.id, at } }] : [];
      case 'ReorderContent': {
        live(s);
        if (!Number.isInteger(cmd.order) || cmd.order < 0 || cmd.order > ORDER_MAX)
          throw new DomainError('InvalidNumber', { field: 'order' });
        if (cmd.order === s.order) return [];
        return [{ type: 'ContentReordered', data: { contentId: s.id, order: cmd.order, previous: s.order, at } }];
      }
      case 'DeleteContent':
        live(s);
        return [{ type: 'ContentDeleted', data: { contentId: s.id, at } }];
    }
  },
};
