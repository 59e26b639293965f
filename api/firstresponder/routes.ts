import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Uploads } from '../../commands/files/ownership.ts';
import * as commands from '../../commands/firstresponder/handlers.ts';
import type { FirstResponderStatus } from '../../domain/firstresponder/events.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { firstResponderOf, firstRespondersPage } from '../../projections/firstresponder/queries.ts';
import * as C from '../contracts/firstresponder.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';

const READ_MODELS = ['first-responders'];
const STATUS_OF: Record<C.FirstResponderList, FirstResponderStatus> = {
  requests: 'pending',
  approved: 'approved',
  rejected: 'rejected',
};

/**
 * First responders: the volunteer's own request (screen `myfirstresponder`), and the responder admin's requests,
 * approved and rejected lists with approve, reject and undo (screen `firstresponder`, role 6 and the admin).
 */
export function firstResponderRoutes(app: FastifyInstance, deps: ApiDeps, uploads: Uploads) {
  const db = deps.db;

  /** The certificate must be the volunteer's own upload of that kind (else UnknownFile): nobody names another's file. */
  const assertOwnCertificate = async (req: FastifyRequest, fileId: string | null | undefined) => {
    if (!fileId) return;
    const rec = await uploads.get(fileId);
    if (rec?.volunteerId !== req.session!.userId || rec.kind !== 'firstResponderCertificate')
      throw new DomainError('UnknownFile', { fileIds: [fileId] });
  };
  const send = (mode: 'request' | 'update') => async (req: FastifyRequest<{ Body: C.FirstResponderForm }>) => {
    await assertOwnCertificate(req, req.body.fileId);
    return ok(
      await commands.sendFirstResponderRequest(deps, req.session!.userId, req.body, mode, commandContext(req, deps)),
    );
  };

  route(app, C.myFirstResponder, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    return {
      request: await firstResponderOf(db, req.session!.userId),
      employeeCodeRequired: deps.client.firstResponderEmployeeCode,
    };
  });
  route(app, C.requestFirstResponder, {}, send('request'));
  route(app, C.updateFirstResponder, {}, send('update'));

  route(app, C.firstResponders, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const q = req.query;
    return firstRespondersPage(
      db,
      STATUS_OF[q.list],
      { name: q.name, employeeCode: q.employeeCode, expiresBy: q.expiresBy },
      { page: q.page, pageSize: q.pageSize },
    );
  });

  /** The responder admin's decision on a volunteer's request. */
  const decide = async (
    req: FastifyRequest<{ Params: { volunteerId: string } }>,
    decision: commands.FirstResponderDecision,
  ) => ok(await commands.decideFirstResponder(deps.store, req.params.volunteerId, decision, commandContext(req, deps)));
  route(app, C.approveFirstResponder, {}, (req) => decide(req, { type: 'approve' }));
  route(app, C.rejectFirstResponder, {}, (req) => decide(req, { type: 'reject', reason: req.body.reason ?? null }));
  route(app, C.undoFirstResponderRejection, {}, (req) => decide(req, { type: 'undoRejection' }));
}
