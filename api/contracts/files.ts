import { z } from 'zod';
import { FileBytes, IdParams, named } from './common.ts';
import { endpoints } from './endpoint.ts';

/** A stored upload: its id (to put in a form), name, size, type as checked by content, and the kind it was sent as. */
export const UploadedFile = named('UploadedFile', {
  fileId: z.string(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
  kind: z.string().optional(),
  /** A content image's thumbnail (another stored file). */
  thumbnailId: z.string().optional(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

const files = endpoints('files');

/** A multipart upload (one `file` part, 2 MB, and a `kind` field): answered 201 with the stored file. */
export const uploadFile = files.post('/api/files', {
  response: UploadedFile,
  status: 201,
});

/** A stored file's bytes, with its own media type (inline for event images, else an attachment). */
export const downloadFile = files.get('/api/files/:id', {
  params: IdParams,
  response: FileBytes,
  contentType: 'application/octet-stream',
});
