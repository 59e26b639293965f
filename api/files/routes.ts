import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AttachmentKind, AttachmentKinds, checkUpload, type FileStorage } from '../../commands/files/storage.ts';
import { MAX_FILE_BYTES } from '../../domain/registration/rules.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { requireScreen } from '../http/auth.ts';
import type { ApiDeps } from '../http/deps.ts';

/** Uploads (2 MB, type by content) through the storage port; downloads for staff. */
export function fileRoutes(app: FastifyInstance, deps: ApiDeps, rateLimit: number, storage: FileStorage) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/files',
    { config: { rateLimit: { max: rateLimit * 2, timeWindow: '1 minute' } }, schema: { tags: ['files'] } },
    async (req, reply) => {
      const part = await req.file({ limits: { fileSize: MAX_FILE_BYTES + 1, files: 1 } });
      if (!part) throw new DomainError('ValidationFailed', { field: 'file' });
      const bytes = await part.toBuffer().catch(() => {
        throw new DomainError('FileTooLarge', { maxBytes: MAX_FILE_BYTES });
      });
      if (part.file.truncated) throw new DomainError('FileTooLarge', { maxBytes: MAX_FILE_BYTES });
      const kindField = part.fields.kind as { value?: unknown } | undefined;
      const kind = String(kindField?.value ?? 'otherAttachment');
      if (!(kind in AttachmentKinds)) throw new DomainError('ValidationFailed', { field: 'kind' });
      const mime = await checkUpload(bytes, kind as AttachmentKind);
      const stored = await storage.put(bytes, part.filename, mime);
      return reply.code(201).send(stored);
    },
  );

  r.get(
    '/api/files/:id',
    {
      schema: { tags: ['files'], params: z.object({ id: z.uuid() }) },
      preHandler: requireScreen(deps, 'registrationadmin'),
    },
    async (req, reply) => {
      const f = await storage.get(req.params.id);
      if (!f) throw new DomainError('NotFound');
      return reply
        .type(f.meta.mimeType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.meta.name)}`)
        .header('x-content-type-options', 'nosniff')
        .send(f.bytes);
    },
  );
}
