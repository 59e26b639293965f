import { type QueryClient, queryOptions } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/certificates.ts';
import { call, urlOf } from '../../lib/client.ts';
import { afterPosition, rememberPosition } from '../../lib/readYourWrites.ts';

export type {
  CertificateSummary,
  CertificateVerification,
  Contribution,
  MyCertificates,
  PastEvent,
} from '../../../../api/contracts/certificates.ts';

export const myCertificatesQuery = queryOptions({
  queryKey: ['certificates', 'mine'],
  queryFn: ({ signal }) => call(C.listMyCertificates, { query: { after: afterPosition() } }, { signal }),
});

export const pastEventsQuery = (year: number) =>
  queryOptions({
    queryKey: ['certificates', 'past', year],
    queryFn: ({ signal }) => call(C.listPastEvents, { query: { year: String(year) } }, { signal }),
  });

export const contributionsQuery = queryOptions({
  queryKey: ['certificates', 'contributions'],
  queryFn: ({ signal }) => call(C.listContributions, { query: {} }, { signal }),
});

export const verificationQuery = (certificateId: string) =>
  queryOptions({
    queryKey: ['certificates', 'verify', certificateId],
    queryFn: ({ signal }) => call(C.verifyCertificate, { params: { certificateId } }, { signal }),
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
