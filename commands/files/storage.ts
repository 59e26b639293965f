import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_FILE_BYTES } from '../../domain/registration/rules.ts';
import { DomainError } from '../../domain/shared/errors.ts';

/** Attachment kinds (spec: CertificateFor) and which family of types each accepts. */
export const AttachmentKinds = {
  graduation: { id: 0, accept: 'mixed' },
  expertise: { id: 1, accept: 'mixed' },
  volunteerWork: { id: 2, accept: 'mixed' },
  otherAttachment: { id: 3, accept: 'mixed' },
  personalPhoto: { id: 4, accept: 'image' },
  idPhoto: { id: 5, accept: 'image' },
  training: { id: 6, accept: 'mixed' },
  university: { id: 9, accept: 'mixed' },
  scfhs: { id: 10, accept: 'mixed' },
  volunteerCertificate: { id: 11, accept: 'mixed' },
  // Not a CertificateFor kind of the spec: a first-responder request's certificate (spec: "Data (file), FileName").
  firstResponderCertificate: { id: 13, accept: 'mixed' },
  // Not a CertificateFor kind of the spec: an event's main image and gallery (spec: event fields "main image, gallery").
  eventImage: { id: 12, accept: 'image' },
  // Not CertificateFor kinds of the spec (its News 7 and Slides 8 were images of those items): the site content's
  // images (resized, thumbnailed, metadata stripped: commands/content/images.ts) and its documents to download.
  contentImage: { id: 14, accept: 'image' },
  contentDocument: { id: 15, accept: 'mixed' },
} as const;
export type AttachmentKind = keyof typeof AttachmentKinds;
/** The closed list: own keys only (`in` would also accept "constructor" or "toString"). */
export const isAttachmentKind = (kind: string): kind is AttachmentKind => Object.hasOwn(AttachmentKinds, kind);

// Spec: images jpg, jpeg, png, bmp; mixed adds pdf, ppt, pptx, txt, zip, rar, 7z; documents doc, docx, xls, xlsx, ppt, pptx, pdf.
const IMAGE = new Set(['image/jpeg', 'image/png', 'image/bmp']);
const MIXED = new Set([
  ...IMAGE,
  'application/pdf',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/x-cfb', // doc, xls, ppt (OLE compound files)
  'application/zip',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-7z-compressed',
  'text/plain',
]);

export interface StoredFile {
  fileId: string;
  name: string;
  size: number;
  mimeType: string;
  /** The kind it was uploaded as: who may read it depends on it (files stored before kinds were kept have none). */
  kind?: AttachmentKind;
}

/** The storage port; the local folder is the default, an object store can take its place. */
export interface FileStorage {
  put(bytes: Uint8Array, name: string, mimeType: string, kind: AttachmentKind): Promise<StoredFile>;
  get(fileId: string): Promise<{ bytes: Buffer; meta: StoredFile } | null>;
  delete(fileId: string): Promise<void>;
  /**
   * A file written as it is produced (an export): the bytes are never held in memory whole. It has no upload kind, so
   * the upload routes never serve it; its reader decides who may (the exports routes: its requester).
   */
  putStream(source: Readable, name: string, mimeType: string): Promise<StoredFile>;
  /** A stored file read as a stream, with its size. */
  open(fileId: string): Promise<{ stream: Readable; meta: StoredFile } | null>;
}

export class LocalFolderStorage implements FileStorage {
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  async put(bytes: Uint8Array, name: string, mimeType: string, kind: AttachmentKind): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const meta: StoredFile = { fileId: randomUUID(), name: name.slice(0, 200), size: bytes.byteLength, mimeType, kind };
    await writeFile(join(this.dir, meta.fileId), bytes);
    await writeFile(join(this.dir, `${meta.fileId}.json`), JSON.stringify(meta));
    return meta;
  }
  async get(fileId: string) {
    if (!/^[0-9a-f-]{36}$/.test(fileId)) return null;
    try {
      const meta = JSON.parse(await readFile(join(this.dir, `${fileId}.json`), 'utf8')) as StoredFile;
      return { bytes: await readFile(join(this.dir, fileId)), meta };
    } catch {
      return null;
    }
  }
  async putStream(source: Readable, name: string, mimeType: string): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const fileId = randomUUID();
    const path = join(this.dir, fileId);
    try {
      await pipeline(source, createWriteStream(path));
    } catch (e) {
      await rm(path, { force: true });
      throw e;
    }
    const meta: StoredFile = { fileId, name: name.slice(0, 200), size: (await stat(path)).size, mimeType };
    await writeFile(join(this.dir, `${fileId}.json`), JSON.stringify(meta));
    return meta;
  }
  async open(fileId: string) {
    if (!/^[0-9a-f-]{36}$/.test(fileId)) return null;
    try {
      const meta = JSON.parse(await readFile(join(this.dir, `${fileId}.json`), 'utf8')) as StoredFile;
      return { stream: createReadStream(join(this.dir, fileId)), meta };
    } catch {
      return null;
    }
  }
  async delete(fileId: string) {
    if (!/^[0-9a-f-]{36}$/.test(fileId)) return;
    await rm(join(this.dir, fileId), { force: true });
    await rm(join(this.dir, `${fileId}.json`), { force: true });
  }
  /**
   * Removes the files last written before `before` (with their descriptions) and answers how many: the exports'
   * folder keeps its files 7 days (workers/export-reactions.ts). Only names the storage gave (ids) are touched.
   */
  async removeOlderThan(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      if (!/^[0-9a-f-]{36}$/.test(name)) continue;
      const written = await stat(join(this.dir, name)).catch(() => null);
      if (!written || written.mtime >= before) continue;
      await this.delete(name);
      removed++;
    }
    return removed;
  }
}

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return false;
  }
  return !sample.includes(0);
}

/** The type by content, never by the name's extension: FileTooLarge / InvalidFileType otherwise. */
export async function checkUpload(bytes: Uint8Array, kind: AttachmentKind): Promise<string> {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new DomainError('FileTooLarge', { maxBytes: MAX_FILE_BYTES });
  if (bytes.byteLength === 0) throw new DomainError('InvalidFileType');
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? (looksLikeText(bytes) ? 'text/plain' : 'application/octet-stream');
  const allowed = AttachmentKinds[kind].accept === 'image' ? IMAGE : MIXED;
  if (!allowed.has(mime)) throw new DomainError('InvalidFileType', { detected: mime });
  return mime;
}
