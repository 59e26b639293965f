import type { CertificateDeps } from '../../commands/certificate/handlers.ts';
import { pairedWithStore } from '../../commands/event-store/paired.ts';
import type { JobQueue } from '../../commands/jobs/port.ts';
import type { CertificateRow } from '../../projections/certificates/queries.ts';

export type DocumentLang = 'ar' | 'en';

/**
 * The rendered documents the certificate routes serve. The PDF renderer (workers/certificates/service.ts, a pool of
 * Chromium pages) implements it; the composition root (workers/runtime.ts) pairs it with the store.
 */
export interface CertificateDocuments {
  /** The certificate's PDF: from the cache, else rendered by a job (waits a bounded time: CertificateNotReady). */
  pdf(queue: JobQueue, c: CertificateRow, lang: DocumentLang): Promise<Buffer>;
  /** The post card made from a name (spec: post card), cached by its content. */
  postCard(name: string, issuer: { nameAr: string; nameEn: string }, lang: DocumentLang): Promise<Buffer>;
}

/** What the certificate routes need besides ApiDeps: the commands' dependencies and the rendered documents. */
export interface Certificates {
  deps: CertificateDeps;
  files: CertificateDocuments;
}

/** The runtime pairs its certificates with its store (as it does the credential vault). */
const byStore = pairedWithStore<Certificates>('certificates');
export const pairCertificates = byStore.pair;
export const certificatesFor = byStore.of;
