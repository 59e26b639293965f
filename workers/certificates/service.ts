import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { CertificateSigner } from '../../commands/certificate/signing.ts';
import type { FileStorage } from '../../commands/files/storage.ts';
import { signedStatement } from '../../domain/certificate/record.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { type CertificateRow, type CertificatesDB, certificateById } from '../../projections/certificates/queries.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';
import type { JobQueue } from '../jobs/port.ts';
import type { BrowserPool } from './browser-pool.ts';
import { certificateDocument, type Lang, postCardDocument, TEMPLATE_VERSION } from './templates.ts';

export const RENDER_JOB = 'certificate.render';

export interface RenderJob {
  certificateId: string;
  lang: Lang;
}

/**
 * Certificates as files: rendered by a job into a cache folder named by content (the signed statement, its signature,
 * the language, the link and the template version), so the same record is the same file, served from the cache.
 */
export class CertificateFiles {
  readonly signer: CertificateSigner;
  readonly pool: BrowserPool;
  readonly cacheDir: string;
  private readonly publicUrl: string;
  private readonly files: FileStorage | null;
  private readonly db: Kysely<CertificatesDB>;

  constructor(opts: {
    signer: CertificateSigner;
    pool: BrowserPool;
    cacheDir: string;
    publicUrl: string;
    files: FileStorage | null;
    db: Kysely<AnyDB>;
  }) {
    this.signer = opts.signer;
    this.pool = opts.pool;
    this.cacheDir = opts.cacheDir;
    this.publicUrl = opts.publicUrl.replace(/\/+$/, '');
    this.files = opts.files;
    this.db = opts.db as Kysely<CertificatesDB>;
  }

  /** The public verification page of a certificate (what its QR code holds). */
  verifyUrl(certificateId: string, lang: Lang): string {
    return `${this.publicUrl}/${lang}/verify/${certificateId}`;
  }

  cacheKey(c: Pick<CertificateRow, 'certificateId' | 'issuedAt' | 'record' | 'signature'>, lang: Lang): string {
    return createHash('sha256')
      .update(
        [
          TEMPLATE_VERSION,
          lang,
          this.verifyUrl(c.certificateId, lang),
          signedStatement(c.certificateId, c.issuedAt, c.record),
          c.signature,
        ].join('\u0000'),
      )
      .digest('hex');
  }

  private pathOf(key: string): string {
    return join(this.cacheDir, key.slice(0, 2), `${key}.pdf`);
  }

  private async photo(fileId: string | null): Promise<string | null> {
    if (!fileId || !this.files) return null;
    const f = await this.files.get(fileId);
    if (!f?.meta.mimeType.startsWith('image/')) return null;
    return `data:${f.meta.mimeType};base64,${f.bytes.toString('base64')}`;
  }

  /** Render one certificate's PDF (no cache). */
  async render(c: CertificateRow, lang: Lang): Promise<Buffer> {
    const verifyUrl = this.verifyUrl(c.certificateId, lang);
    const qrSvg = await QRCode.toString(verifyUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return this.pool.render(
      certificateDocument({
        certificateId: c.certificateId,
        record: c.record,
        issuedAt: c.issuedAt,
        lang,
        verifyUrl,
        qrSvg,
        photo: await this.photo(c.record.photoFileId ?? null),
      }),
    );
  }

  /** The render job: the file lands in the cache under its content key (written aside, then renamed). */
  async renderToCache(job: RenderJob): Promise<string | null> {
    const c = await certificateById(this.db, job.certificateId);
    if (!c) return null;
    const path = this.pathOf(this.cacheKey(c, job.lang));
    if (existsSync(path)) return path;
    const pdf = await this.render(c, job.lang);
    await mkdir(join(path, '..'), { recursive: true });
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, pdf);
    await rename(tmp, path);
    return path;
  }

  /**
   * The certificate's PDF: from the cache, else through a render job (job id = the content key, so concurrent asks
   * for one file render it once), waited for up to `waitMs`.
   */
  async pdf(queue: JobQueue, c: CertificateRow, lang: Lang, waitMs = 30_000): Promise<Buffer> {
    const key = this.cacheKey(c, lang);
    const path = this.pathOf(key);
    if (existsSync(path)) return readFile(path);
    const payload: RenderJob = { certificateId: c.certificateId, lang };
    await queue.enqueue(RENDER_JOB, payload, { jobId: `${RENDER_JOB}.${key}` });
    const until = Date.now() + waitMs;
    for (let delay = 20; Date.now() < until; delay = Math.min(delay * 1.5, 250)) {
      await new Promise((r) => setTimeout(r, delay));
      if (existsSync(path)) return readFile(path);
    }
    throw new DomainError('CertificateNotReady', { certificateId: c.certificateId });
  }

  /** The post card made from a name, cached by its content (cachedPostCard). */
  postCard(name: string, issuer: { nameAr: string; nameEn: string }, lang: Lang): Promise<Buffer> {
    return cachedPostCard(this.cacheDir, JSON.stringify([name, lang, issuer]), () =>
      this.pool.render(postCardDocument(name, issuer, lang)),
    );
  }
}

/**
 * A post card by content (name, language, issuer, template version): the same name is rendered once, then read from
 * the cache folder. It certifies nothing, so it is not signed and needs no record.
 */
export async function cachedPostCard(cacheDir: string, key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const h = createHash('sha256').update(`${TEMPLATE_VERSION}\u0000${key}`).digest('hex');
  const path = join(cacheDir, 'post-cards', `${h}.pdf`);
  if (existsSync(path)) return readFile(path);
  const pdf = await render();
  await mkdir(join(path, '..'), { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, pdf);
  await rename(tmp, path);
  return pdf;
}

/** The job processors of this process render certificates. */
export function handleRenderJobs(queue: JobQueue, files: CertificateFiles) {
  queue.handle(RENDER_JOB, async (job) => {
    await files.renderToCache(job.payload as RenderJob);
  });
}
