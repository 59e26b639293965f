import type { CertificateDeps } from '../../commands/certificate/handlers.ts';
import type { EventStore } from '../../commands/event-store/port.ts';
import type { CertificateFiles } from './service.ts';

/** What the certificate routes need besides ApiDeps: the commands' dependencies and the rendered files. */
export interface Certificates {
  deps: CertificateDeps;
  files: CertificateFiles;
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
