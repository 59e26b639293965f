import type { FastifyInstance, FastifyReply } from 'fastify';
import { applicationOf, issueCertificate } from '../../commands/certificate/handlers.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import type { Subject } from '../../domain/certificate/record.ts';
import {
  certificateYears,
  DEFAULT_CERTIFICATE_YEAR,
  hoursPerEvent,
  signedStatement,
  specialisationComplete,
} from '../../domain/certificate/record.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  approvedHoursOf,
  type CertificateRow,
  certificateById,
  certificatesOf,
  contributionsOf,
  eventOf,
  hoursByYearOf,
  pastEventsOf,
} from '../../projections/certificates/queries.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import * as C from '../contracts/certificates.ts';
import { requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import type { RequestOf } from '../http/route.ts';
import { route } from '../http/route.ts';
import { staffScope, volunteerInScope } from '../http/scope.ts';
import { certificatesFor } from './documents.ts';

const READ_MODELS = ['certificates', 'participations'];

/**
 * Certificates, cards, badges and post cards (docs/certificates.md): the volunteer issues and downloads their own; the
 * verification page and the public key are open to everyone.
 */
export function certificateRoutes(app: FastifyInstance, deps: ApiDeps) {
  const db = deps.db;
  const certs = () => certificatesFor(deps.store);
  const volunteer = { preHandler: requireVolunteer() };
  // A certificate just issued may not be in the read model yet: one bounded wait for the log's head, then the answer.
  const certificate = async (id: string) =>
    (await certificateById(db, id)) ??
    ((await waitForPosition(deps.db, ['certificates'], await deps.store.lastPosition(), deps.readWaitMs))
      ? await certificateById(db, id)
      : null);

  route(app, C.listMyCertificates, volunteer, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const me = req.session!.userId;
    const [rows, approved, application, lookups] = await Promise.all([
      certificatesOf(db, me),
      approvedHoursOf(db, me),
      applicationOf(deps.store, me).catch(() => null),
      deps.lookups.current(),
    ]);
    const types = new Map<number, number>();
    for (const h of approved)
      if (h.categoryId !== null) types.set(h.categoryId, (types.get(h.categoryId) ?? 0) + h.hours);
    return {
      certificates: rows.map((r) => ({
        certificateId: r.certificateId,
        kind: r.record.kind,
        subject: r.subject,
        record: r.record,
        issuedAt: r.issuedAt,
        state: r.state,
        stateAt: r.stateAt,
      })),
      events: hoursPerEvent(approved)
        .map(({ first: h, hours }) => ({
          eventId: h.eventId,
          nameAr: h.nameAr,
          nameEn: h.nameEn,
          startDate: h.startDate,
          endDate: h.endDate,
          approvedHours: hours,
          categoryId: h.categoryId,
        }))
        .reverse(),
      eventTypes: [...types].map(([id, hours]) => {
        const l = lookups.get('category', id);
        return {
          id,
          nameAr: l?.nameAr ?? String(id),
          nameEn: l?.nameEn ?? String(id),
          hours: Math.round(hours * 100) / 100,
        };
      }),
      specialisationComplete: application ? specialisationComplete(application.form) : false,
      years: certificateYears(new Date()),
      defaultYear: DEFAULT_CERTIFICATE_YEAR,
    };
  });

  const issue = async (req: RequestOf<typeof C.issueBadge>, subject: Subject) => {
    const r = await issueCertificate(certs().deps, req.session!.userId, subject, commandContext(req, deps));
    return { certificateId: r.certificateId, position: formatPosition(r.position) };
  };
  route(app, C.issueParticipationCertificate, volunteer, (req) =>
    issue(req, { kind: 'participation', eventId: req.params.eventId }),
  );
  route(app, C.issueHoursCertificate, {}, (req) => issue(req, { kind: 'hours', year: req.params.year }));
  route(app, C.issueEventTypeCertificate, {}, async (req) => {
    const event = await eventOf(db, req.params.eventId);
    if (!event) throw new DomainError('NoEventFound');
    if (event.categoryId === null) throw new DomainError('InvalidEvent');
    return issue(req, { kind: 'eventType', typeId: event.categoryId });
  });
  route(app, C.issueCard, volunteer, (req) => issue(req, { kind: 'card', eventId: req.params.eventId }));
  route(app, C.issueBadge, volunteer, (req) => issue(req, { kind: 'badge' }));

  const serve = async (reply: FastifyReply, c: CertificateRow, lang: 'ar' | 'en') => {
    const pdf = await certs().files.pdf(deps.queue, c, lang);
    const name = `certificate-${c.record.kind}-${c.certificateId.slice(0, 8)}-${lang}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, max-age=0, must-revalidate')
      .header('etag', `"${c.certificateId}-${lang}-${c.state}"`)
      .send(pdf);
  };

  route(app, C.downloadCertificate, volunteer, async (req, reply) => {
    const c = await certificate(req.params.certificateId);
    // Someone else's certificate is not found (its verification page is public; its file is its holder's).
    if (!c || c.volunteerId !== req.session!.userId) throw new DomainError('NotFound');
    return serve(reply, c, req.query.lang);
  });

  // Staff print a volunteer's badge (spec: PrintIDCard): the badge is issued with the staff member as the actor.
  route(app, C.printIdCard, {}, async (req, reply) => {
    const { volunteerId } = req.params;
    // Outside the staff member's regions and cities the volunteer is not found, as their application is.
    if (!(await volunteerInScope(deps, await staffScope(deps, req.session!), volunteerId)))
      throw new DomainError('NotFound');
    const r = await issueCertificate(certs().deps, volunteerId, { kind: 'badge' }, commandContext(req, deps));
    const c = await certificate(r.certificateId);
    if (!c) throw new DomainError('CertificateNotReady');
    return serve(reply, c, req.query.lang);
  });

  route(app, C.verifyCertificate, {}, async (req) => {
    const c = await certificate(req.params.certificateId);
    if (!c) throw new DomainError('NotFound');
    const statement = signedStatement(c.certificateId, c.issuedAt, c.record);
    return {
      certificateId: c.certificateId,
      record: c.record,
      issuedAt: c.issuedAt,
      state: c.state,
      stateAt: c.stateAt,
      statement,
      signature: c.signature,
      keyId: c.keyId,
      signatureValid: c.keyId === certs().deps.signer.keyId && certs().deps.signer.verify(statement, c.signature),
    };
  });

  route(app, C.certificatePublicKey, {}, async () => {
    const s = certs().deps.signer;
    return { algorithm: 'Ed25519' as const, keyId: s.keyId, publicKeyPem: s.publicKeyPem };
  });

  // Each new name costs a browser render: at most 10 a minute from one address (429 TooManyRequests after).
  const postCardLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  route(app, C.postCard, { config: postCardLimit }, async (req, reply) => {
    const name = req.query.name.trim();
    if (!name) throw new DomainError('PostCardNameRequired');
    const issuer = { nameAr: deps.client.name.ar, nameEn: deps.client.name.en };
    const pdf = await certs().files.postCard(name, issuer, req.query.lang);
    return reply
      .type('application/pdf')
      .header('content-disposition', 'attachment; filename="post-card.pdf"')
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  route(app, C.listPastEvents, volunteer, async (req) => {
    const me = req.session!.userId;
    const now = new Date();
    const year = req.query.year ?? now.getUTCFullYear();
    const [items, hoursByYear] = await Promise.all([
      pastEventsOf(db, me, year, now.toISOString().slice(0, 10)),
      hoursByYearOf(db, me),
    ]);
    return { year, items, hoursByYear, years: certificateYears(now) };
  });

  route(app, C.listContributions, volunteer, async (req) => ({
    items: await contributionsOf(db, req.session!.userId, req.query.eventId),
  }));
}
