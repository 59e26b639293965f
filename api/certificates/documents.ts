import type { CertificateDeps } from '../../commands/certificate/handlers.ts';
import type { EventStore } from '../../commands/event-store/port.ts';
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

const byStore = new WeakMap<EventStore, Certificates>();

/** The runtime pairs its certificates with its store (as it does the credential vault and the lookups source). */
export function pairCertificates(store: EventStore, c: Certificates): void {
  byStore.set(store, c);
}

export function certificatesFor(store: EventStore): Certificates {
  const c = byStore.get(store);
  if (!c) throw new Error('no certificates paired with this store (workers/runtime.ts)');
  return c;
}
