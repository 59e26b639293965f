import type { DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import type { ContentFields, ContentKind, PageKey } from './rules.ts';

/** Stream `content-<id>`: one content item (a slide, a news item, a gallery, a static page …) from creation to deletion. */
export const contentStream = (contentId: string) => `content-${contentId}`;
export const CONTENT_STREAM_PREFIX = 'content-';

export type ContentEvent =
  | DomainEvent<
      'ContentCreated',
      ContentFields & { contentId: string; kind: ContentKind; key: PageKey | null; order: number; at: string }
    >
  /** The whole of the editable fields as they now are (the history shows from → to from the earlier events). */
  | DomainEvent<'ContentEdited', ContentFields & { contentId: string; at: string }>
  | DomainEvent<'ContentPublished', { contentId: string; at: string }>
  | DomainEvent<'ContentUnpublished', { contentId: string; at: string }>
  | DomainEvent<'ContentReordered', { contentId: string; order: number; previous: number; at: string }>
  | DomainEvent<'ContentDeleted', { contentId: string; at: string }>;

export const ContentEventTypes = [
  'ContentCreated',
  'ContentEdited',
  'ContentPublished',
  'ContentUnpublished',
  'ContentReordered',
  'ContentDeleted',
] as const;

export const contentEvents: EventTypes<ContentEvent> = eventTypes<ContentEvent>({
  ContentCreated: true,
  ContentEdited: true,
  ContentPublished: true,
  ContentUnpublished: true,
  ContentReordered: true,
  ContentDeleted: true,
});
