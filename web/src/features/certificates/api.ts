import type { QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/certificates.ts';
import { call, urlOf } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { rememberPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';

export type {
  CertificateSummary,
  CertificateVerification,
  Contribution,
  MyCertificates,
  PastEvent,
} from '../../../../api/contracts/certificates.ts';

export const myCertificatesQuery = readYourWritesQuery(['certificates', 'mine'], C.listMyCertificates);

export const pastEventsQuery = (year: number) =>
  endpointQuery(['certificates', 'past', year], C.listPastEvents, () => ({ query: { year: String(year) } }));

export const contributionsQuery = endpointQuery(['certificates', 'contributions'], C.listContributions, () => ({
  query: {},
}));

export const verificationQuery = (certificateId: string) => ({
  ...endpointQuery(['certificates', 'verify', certificateId], C.verifyCertificate, () => ({
    params: { certificateId },
  })),
  retry: false,
});

export type IssueRequest =
  | { kind: 'participation' | 'card' | 'eventType'; eventId: string }
  | { kind: 'hours'; year: number }
  | { kind: 'badge' };

/** Issues (or finds) a certificate; the list is read again once the read model has it. */
export async function issue(queryClient: QueryClient, r: IssueRequest): Promise<string> {
  const res =
    r.kind === 'badge'
      ? await call(C.issueBadge, {})
      : r.kind === 'hours'
        ? await call(C.issueHoursCertificate, { params: { year: String(r.year) } })
        : await call(
            r.kind === 'participation'
              ? C.issueParticipationCertificate
              : r.kind === 'card'
                ? C.issueCard
                : C.issueEventTypeCertificate,
            { params: { eventId: r.eventId } },
          );
  rememberPosition(res.position);
  await queryClient.invalidateQueries({ queryKey: myCertificatesQuery.queryKey });
  return res.certificateId;
}

export const downloadUrl = (certificateId: string, lang: 'ar' | 'en') =>
  urlOf(C.downloadCertificate, { params: { certificateId }, query: { lang } });

export const postCardUrl = (name: string, lang: 'ar' | 'en') => urlOf(C.postCard, { query: { name, lang } });

export const publicKeyUrl = urlOf(C.certificatePublicKey, {});
