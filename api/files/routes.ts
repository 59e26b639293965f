import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { processContentImage } from '../../commands/content/images.ts';
import { ownerKey, type Uploads } from '../../commands/files/ownership.ts';
import {
  type AttachmentKind,
  checkUpload,
  type FileStorage,
  isAttachmentKind,
  type StoredFile,
} from '../../commands/files/storage.ts';
import { MAX_FILE_BYTES } from '../../domain/registration/rules.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { contentShowsFile } from '../../projections/content/queries.ts';
import { eventShowsFile } from '../../projections/opportunity/queries.ts';
import * as C from '../contracts/files.ts';
import { CSRF_COOKIE, requireScreen } from '../http/auth.ts';
import type { ApiDeps } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { staffEventScope, staffScope, volunteerInScope } from '../http/scope.ts';

/**
 * Whether a file is the main image or in the gallery of an event every visitor may see: approved, open to all
 * (visibility 0) and not deleted — the public list's own conditions, on the same read model.
 */
export function isPublicEventImage(deps: ApiDeps, fileId: string): Promise<boolean> {
  return eventShowsFile(deps.db, fileId, 'public');
}

/**
 * Staff who manage events see an event's images before it is approved: their own uploads, and the images of events in
 * their regions and cities (the pending list's scope rule).
 */
async function managesEventImage(deps: ApiDeps, req: FastifyRequest, fileId: string, uploads: Uploads) {
  const s = req.session;
  if (!s || !(await deps.permissions.fresh()).can(s.roleId, 'eventsadmin', 'View')) return false;
  const scope = await staffEventScope(deps.db, s, await deps.lookups.current());
  if (!scope) return true;
  if ((await uploads.get(fileId))?.owner === ownerKey(s.userId, undefined)) return true;
  return eventShowsFile(deps.db, fileId, scope);
}

/**
 * Uploads (2 MB, type by content) through the storage port, each recorded with its owner. Reading one: an event's
 * images as the event allows; any other file by its owner (the volunteer, or the browser that uploaded it before the
 * account existed) and by registration staff who may see that volunteer. Every refusal is a 404 that ends no session.
 */
export function fileRoutes(
  app: FastifyInstance,
  deps: ApiDeps,
  rateLimit: number,
  storage: FileStorage,
  uploads: Uploads,
) {
  const eventCreators = requireScreen(deps, 'eventsadmin', 'Add');
  const eventEditors = requireScreen(deps, 'eventsadmin', 'Edit');
  const contentCreators = requireScreen(deps, 'content', 'Add');
  const contentEditors = requireScreen(deps, 'content', 'Edit');
  const isContent = (kind: AttachmentKind | undefined) => kind === 'contentImage' || kind === 'contentDocument';

  route(app, C.uploadFile, { config: { rateLimit: { max: rateLimit * 2, timeWindow: '1 minute' } } }, async (req) => {
    const part = await req.file({ limits: { fileSize: MAX_FILE_BYTES + 1, files: 1 } });
    if (!part) throw new DomainError('ValidationFailed', { field: 'file' });
    const bytes = await part.toBuffer().catch(() => {
      throw new DomainError('FileTooLarge', { maxBytes: MAX_FILE_BYTES });
    });
    if (part.file.truncated) throw new DomainError('FileTooLarge', { maxBytes: MAX_FILE_BYTES });
    const kindField = part.fields.kind as { value?: unknown } | undefined;
    const kind = String(kindField?.value ?? 'otherAttachment');
    if (!isAttachmentKind(kind)) throw new DomainError('ValidationFailed', { field: 'kind' });
    // Registration attachments come from visitors too; event images only from staff who create or edit events.
    if (kind === 'eventImage') {
      const mayCreate =
        req.session !== null && (await deps.permissions.fresh()).can(req.session.roleId, 'eventsadmin', 'Add');
      await (mayCreate ? eventCreators : eventEditors)(req);
    }
    // Site content's files only from staff who add or edit content.
    if (isContent(kind)) {
      const mayCreate =
        req.session !== null && (await deps.permissions.fresh()).can(req.session.roleId, 'content', 'Add');
      await (mayCreate ? contentCreators : contentEditors)(req);
    }
    const owner = ownerKey(req.session?.userId ?? null, req.cookies[CSRF_COOKIE]);
    if (!owner) throw new DomainError('CsrfRejected');
    if (!req.session) {
      await uploads.sweep(storage);
      await uploads.assertQuota(req.ip, bytes.byteLength);
    }
    const mime = await checkUpload(bytes, kind);
    if (kind === 'contentImage') {
      // Stored as processed (bounded, upright, no metadata), with its thumbnail beside it.
      const { image, thumb } = await processContentImage(bytes);
      const stored = await storage.put(image.bytes, part.filename, image.mimeType, kind);
      const small = await storage.put(thumb.bytes, `thumb-${part.filename}`, thumb.mimeType, kind);
      await uploads.record({ fileId: stored.fileId, kind, owner, source: req.ip, size: stored.size });
      await uploads.record({ fileId: small.fileId, kind, owner, source: req.ip, size: small.size });
      return { ...stored, thumbnailId: small.fileId };
    }
    const stored = await storage.put(bytes, part.filename, mime, kind);
    await uploads.record({ fileId: stored.fileId, kind, owner, source: req.ip, size: stored.size });
    return stored;
  });

  const send = (reply: FastifyReply, f: { bytes: Buffer; meta: StoredFile }, inline: boolean, cache: string) =>
    reply
      .type(f.meta.mimeType)
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(f.meta.name)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', cache)
      .send(f.bytes);

  /** Whether the caller may read a registration attachment (any kind but eventImage). */
  async function mayReadAttachment(req: FastifyRequest, fileId: string): Promise<boolean> {
    const rec = await uploads.get(fileId);
    const s = req.session;
    if (rec) {
      if (rec.owner === ownerKey(s?.userId ?? null, req.cookies[CSRF_COOKIE])) return true;
      if (s && rec.volunteerId === s.userId) return true;
    }
    // A first-responder certificate: the responder admins who decide on the request.
    if (
      s &&
      rec?.kind === 'firstResponderCertificate' &&
      (await deps.permissions.fresh()).can(s.roleId, 'firstresponder', 'View')
    )
      return true;
    if (!s || !(await deps.permissions.fresh()).can(s.roleId, 'registrationadmin', 'View')) return false;
    const scope = await staffScope(deps, s);
    if (!scope) return true;
    // Staff limited to regions and cities: only the attachments of volunteers in them (a file of unknown owner, none).
    return !!rec?.volunteerId && (await volunteerInScope(deps, scope, rec.volunteerId));
  }

  route(app, C.downloadFile, {}, async (req, reply) => {
    const f = await storage.get(req.params.id);
    if (!f) throw new DomainError('NotFound');
    if (f.meta.kind === 'eventImage') {
      if (await isPublicEventImage(deps, req.params.id)) return send(reply, f, true, 'public, max-age=300');
      if (await managesEventImage(deps, req, req.params.id, uploads)) return send(reply, f, true, 'private, no-store');
      throw new DomainError('NotFound');
    }
    if (isContent(f.meta.kind)) {
      // Anyone, once a published item names it; before that, staff who see the content screens.
      const inline = f.meta.kind === 'contentImage';
      if (await contentShowsFile(deps.db, req.params.id)) return send(reply, f, inline, 'public, max-age=300');
      const s = req.session;
      if (s && (await deps.permissions.fresh()).can(s.roleId, 'content', 'View'))
        return send(reply, f, inline, 'private, no-store');
      throw new DomainError('NotFound');
    }
    if (!(await mayReadAttachment(req, req.params.id))) throw new DomainError('NotFound');
    return send(reply, f, false, 'private, no-store');
  });
}
