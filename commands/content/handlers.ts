import { createHash, randomUUID } from 'node:crypto';
import { type ContentCommand, contentDecider } from '../../domain/content/decide.ts';
import { contentStream } from '../../domain/content/events.ts';
import type { ContentFields, ContentKind, PageKey } from '../../domain/content/rules.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';
import { sanitizeRichText } from './sanitize.ts';

/** One id per static page key: a second "about" page is refused by the stream that exists (ContentAlreadyExists). */
export function pageId(key: PageKey): string {
  const h = createHash('sha256').update(`content-page\u0000${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Rich text is cleaned here, before the decider sees it: the event holds clean HTML only. */
const clean = (f: ContentFields): ContentFields => ({
  ...f,
  bodyAr: sanitizeRichText(f.bodyAr),
  bodyEn: sanitizeRichText(f.bodyEn),
});

async function run(store: EventStore, contentId: string, command: ContentCommand, ctx: CommandContext) {
  return (await handleCommand(store, contentStream(contentId), contentDecider, command, ctx)).position;
}

export async function createContent(
  store: EventStore,
  input: {
    kind: ContentKind;
    key: PageKey | null;
    order: number;
    fields: ContentFields;
    /** A fixed id (the demo data's, so that loading it again appends nothing); a new one otherwise. */
    contentId?: string;
  },
  ctx: CommandContext,
): Promise<{ position: Position; contentId: string }> {
  const contentId = input.kind === 'page' && input.key ? pageId(input.key) : (input.contentId ?? randomUUID());
  const r = await handleCommand(
    store,
    contentStream(contentId),
    contentDecider,
    {
      type: 'CreateContent',
      contentId,
      kind: input.kind,
      key: input.key,
      order: input.order,
      fields: clean(input.fields),
    },
    ctx,
  );
  const first = r.events[0];
  return { position: r.position, contentId: first?.type === 'ContentCreated' ? first.data.contentId : contentId };
}

export const editContent = (store: EventStore, contentId: string, fields: ContentFields, ctx: CommandContext) =>
  run(store, contentId, { type: 'EditContent', fields: clean(fields) }, ctx);

export const publishContent = (store: EventStore, contentId: string, publish: boolean, ctx: CommandContext) =>
  run(store, contentId, { type: publish ? 'PublishContent' : 'UnpublishContent' }, ctx);

export const deleteContent = (store: EventStore, contentId: string, ctx: CommandContext) =>
  run(store, contentId, { type: 'DeleteContent' }, ctx);

/**
 * A kind's items in their new order (the admin's move up or down): each item takes its index as its place. Every
 * item is checked first (it exists, is of the kind), so a refused reorder writes nothing; each stream then records
 * only a place that changed.
 */
export async function reorderContent(
  store: EventStore,
  kind: ContentKind,
  ids: readonly string[],
  ctx: CommandContext,
): Promise<Position | null> {
  for (const id of ids) {
    const s = (await loadFolded(store, contentStream(id), contentDecider)).state;
    if (!s.id || s.deleted || s.kind !== kind) throw new DomainError('NotFound', { id });
  }
  let last: Position | null = null;
  for (const [order, id] of ids.entries())
    last = await run(store, id, { type: 'ReorderContent', order }, { ...ctx, commandId: `${ctx.commandId}:${id}` });
  return last;
}
