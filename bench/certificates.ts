/**
 * Certificates per second rendered by one browser with a pool of pages, and the time to serve a cached certificate.
 * `npm run bench:certificates` (PAGES=4 N=60 by default). Writes nothing but its figures on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { loadSigner } from '../commands/certificate/signing.ts';
import type { CertifiedRecord } from '../domain/certificate/record.ts';
import type { AnyDB } from '../projections/runner/projection.ts';
import { BrowserPool } from '../workers/certificates/browser-pool.ts';
import { CertificateFiles } from '../workers/certificates/service.ts';
import { certificateDocument } from '../workers/certificates/templates.ts';
import type { JobQueue } from '../workers/jobs/port.ts';

const PAGES = Number(process.env.PAGES ?? 4);
const N = Number(process.env.N ?? 60);

const record = (i: number): CertifiedRecord => ({
  v: 1,
  kind: 'participation',
  subject: `participation:e${i}`,
  volunteer: {
    id: 'v1',
    nameAr: 'عبدالله محمد علي الشمري',
    nameEn: 'Abdullah Alshammari',
    referenceNumber: 'VR-2026-0001',
  },
  event: {
    id: `e${i}`,
    code: `EV-${i}`,
    nameAr: `حملة التطعيم الموسمية ${i}`,
    nameEn: `Seasonal vaccination ${i}`,
    startDate: '2026-01-04',
    endDate: '2026-01-08',
  },
  year: null,
  eventType: null,
  hours: 4 + (i % 7),
  events: [],
  hoursIds: [`h${i}`],
  issuer: { clientCode: 'MOH', nameAr: 'وزارة الصحة', nameEn: 'Ministry of Health' },
  photoFileId: null,
});

async function main() {
  const pool = new BrowserPool({ size: PAGES });
  const doc = async (i: number) => {
    const url = `https://portal.example/ar/verify/${i.toString(16).padStart(32, '0')}`;
    return certificateDocument({
      certificateId: i.toString(16).padStart(32, '0'),
      record: record(i),
      issuedAt: '2026-11-24T09:00:00.000Z',
      lang: i % 2 ? 'en' : 'ar',
      verifyUrl: url,
      qrSvg: await QRCode.toString(url, { type: 'svg', margin: 1 }),
      photo: null,
    });
  };
  // Warm-up: the browser starts and every page loads the fonts once.
  const t0 = performance.now();
  await Promise.all(Array.from({ length: PAGES }, async (_, i) => pool.render(await doc(i))));
  const warm = performance.now() - t0;

  const t1 = performance.now();
  let bytes = 0;
  await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const pdf = await pool.render(await doc(i + 1000));
      bytes += pdf.length;
    }),
  );
  const secs = (performance.now() - t1) / 1000;
  await pool.close();

  // A cached certificate: CertificateFiles.pdf finds the file by its content key and reads it (the route adds one
  // primary-key read of rm.certificates). The first call renders it through the job handler, the rest hit the cache.
  const dir = mkdtempSync(join(tmpdir(), 'bench-cert-'));
  const cachePool = new BrowserPool({ size: 1 });
  const row = {
    certificateId: 'f'.repeat(32),
    issuedAt: '2026-11-24T09:00:00.000Z',
    record: record(1),
    signature: 'x',
  };
  const files = new CertificateFiles({
    signer: loadSigner(undefined, join(dir, 'key.pem')),
    pool: cachePool,
    cacheDir: join(dir, 'cache'),
    publicUrl: 'https://portal.example',
    files: null,
    db: null as unknown as Kysely<AnyDB>,
  });
  const inline: JobQueue = {
    kind: 'postgres',
    enqueue: async () => {
      const pdf = await files.render(
        { ...row, volunteerId: 'v1', subject: 's', kind: 'participation', keyId: 'k', state: 'valid', stateAt: null },
        'ar',
      );
      const key = files.cacheKey(row, 'ar');
      const { mkdir, writeFile } = await import('node:fs/promises');
      await mkdir(join(dir, 'cache', key.slice(0, 2)), { recursive: true });
      await writeFile(join(dir, 'cache', key.slice(0, 2), `${key}.pdf`), pdf);
    },
    handle: () => {},
    start: async () => {},
    counts: async () => ({ waiting: 0, active: 0, failed: 0, completed: 0 }),
    close: async () => {},
  };
  const full = {
    ...row,
    volunteerId: 'v1',
    subject: 's',
    kind: 'participation',
    keyId: 'k',
    state: 'valid' as const,
    stateAt: null,
  };
  await files.pdf(inline, full, 'ar');
  const reads = 2000;
  const t2 = performance.now();
  for (let i = 0; i < reads; i++) await files.pdf(inline, full, 'ar');
  const cachedMs = (performance.now() - t2) / reads;
  await cachePool.close();
  rmSync(dir, { recursive: true, force: true });

  console.log(
    JSON.stringify(
      {
        pages: PAGES,
        certificates: N,
        warmUpMs: Math.round(warm),
        seconds: Number(secs.toFixed(2)),
        perSecond: Number((N / secs).toFixed(1)),
        averagePdfKb: Math.round(bytes / N / 1024),
        cachedServeMs: Number(cachedMs.toFixed(3)),
      },
      null,
      2,
    ),
  );
}

await main();
