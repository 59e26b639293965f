import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatPosition, type Position } from '../../commands/event-store/port.ts';
import * as commands from '../../commands/survey/handlers.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { RoleId } from '../../domain/shared/roles.ts';
import type { SurveyDefinition } from '../../domain/survey/rules.ts';
import {
  listSurveys,
  surveyableEvents,
  surveyDetail,
  surveyResponses,
  surveyResults,
  surveysOfVolunteer,
  volunteersOfScope,
} from '../../projections/surveys/queries.ts';
import * as C from '../contracts/surveys.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';
import { resultsWorkbook } from './export.ts';
import { requireAudienceInScope, surveyAudience } from './scope.ts';

const READ_MODELS = ['surveys'];

/**
 * Surveys: the staff's builder, approval, publishing and results (screen `surveys`), and the volunteer's answers
 * (screen `surveymandatory`, a volunteer only: spec "must be a volunteer").
 */
export function surveyRoutes(app: FastifyInstance, deps: ApiDeps) {
  const mayApprove = async (roleId: RoleId) => (await deps.permissions.fresh()).can(roleId, 'surveys', 'Approve');
  const found = <T>(x: T | null): T => {
    if (x === null) throw new DomainError('NotFound');
    return x;
  };
  /**
   * "Save and publish": the survey is saved; publishing it then is refused to those who may not approve, and any
   * refusal answers SurveySavedNotPublished (saved, not published) with the id, the saved position and the reason.
   */
  const andPublish = async (req: FastifyRequest, id: string, saved: Position, direct: boolean) => {
    const notPublished = (reason: string) =>
      new DomainError('SurveySavedNotPublished', { id, position: formatPosition(saved), reason });
    if (!direct) throw notPublished('Forbidden');
    const ctx = commandContext(req, deps);
    try {
      return ok(
        await commands.publishSurvey(deps.store, id, (scope) => volunteersOfScope(deps.db, scope), {
          ...ctx,
          // A command id of its own, derived from the save's: a retried request resumes the same publish.
          commandId: `${ctx.commandId}:publish`,
        }),
      );
    } catch (e) {
      throw notPublished(e instanceof DomainError ? e.code : 'SurveyPublishFailed');
    }
  };
  /** A scoped staff member acts only on the surveys whose audience lies within their areas (else 404, as events). */
  const inScope = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const audience = await surveyAudience(deps, req);
    if (audience) found(await surveyDetail(deps.db, req.params.id, audience));
  };

  route(app, C.listSurveys, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    return listSurveys(deps.db, req.query, await surveyAudience(deps, req));
  });
  route(app, C.surveyableEvents, {}, async () => ({ items: await surveyableEvents(deps.db) }));
  route(app, C.getSurvey, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    return found(await surveyDetail(deps.db, req.params.id, await surveyAudience(deps, req)));
  });
  route(app, C.createSurvey, {}, async (req) => {
    await requireAudienceInScope(deps, req);
    const id = randomUUID();
    const direct = await mayApprove(req.session!.roleId);
    const p = await commands.createSurvey(
      deps.store,
      id,
      req.body as SurveyDefinition,
      direct,
      commandContext(req, deps),
    );
    if (req.query.publish === 1) return { ...(await andPublish(req, id, p, direct)), id, status: 3 };
    return { ...ok(p), id, status: direct ? 1 : 0 };
  });
  route(app, C.editSurvey, {}, async (req) => {
    await inScope(req);
    await requireAudienceInScope(deps, req);
    const direct = await mayApprove(req.session!.roleId);
    const p = await commands.editSurvey(
      deps.store,
      req.params.id,
      req.body as SurveyDefinition,
      direct,
      commandContext(req, deps),
    );
    return req.query.publish === 1 ? andPublish(req, req.params.id, p, direct) : ok(p);
  });
  route(app, C.approveSurvey, {}, async (req) => {
    await inScope(req);
    return ok(await commands.approveSurvey(deps.store, req.params.id, commandContext(req, deps)));
  });
  route(app, C.rejectSurvey, {}, async (req) => {
    await inScope(req);
    return ok(await commands.rejectSurvey(deps.store, req.params.id, req.body.reason, commandContext(req, deps)));
  });
  route(app, C.publishSurvey, {}, async (req) => {
    await inScope(req);
    return ok(
      await commands.publishSurvey(
        deps.store,
        req.params.id,
        (scope) => volunteersOfScope(deps.db, scope),
        commandContext(req, deps),
      ),
    );
  });
  route(app, C.completeSurvey, {}, async (req) => {
    await inScope(req);
    return ok(await commands.completeSurvey(deps.store, req.params.id, commandContext(req, deps)));
  });
  route(app, C.surveyResults, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    return found(await surveyResults(deps.db, req.params.id, await surveyAudience(deps, req)));
  });
  route(app, C.exportSurveyResults, {}, async (req, reply) => {
    const survey = found(await surveyDetail(deps.db, req.params.id, await surveyAudience(deps, req)));
    const file = await resultsWorkbook(survey, await surveyResponses(deps.db, survey.id));
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="survey-${survey.code.replace(/[^A-Za-z0-9._-]/g, '_')}.xlsx"`,
      );
    // A Buffer is sent as it is (no serialisation).
    return file as unknown as string;
  });

  route(app, C.mySurveys, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    return { items: await surveysOfVolunteer(deps.db, req.session!.userId, req.query.eventId) };
  });
  route(app, C.surveyQuestions, {}, async (req) => {
    const d = await commands.checkParticipation(deps.store, req.params.id, req.session!.userId, new Date());
    return {
      id: req.params.id,
      titleAr: d.titleAr,
      titleEn: d.titleEn,
      expiryDate: d.expiryDate,
      questions: d.questions,
    };
  });
  route(app, C.surveyOfToken, {}, async (req) => ({
    id: await commands.surveyOfToken(deps.store, req.params.token, req.session!.userId),
  }));
  route(app, C.submitSurvey, {}, async (req) =>
    ok(
      await commands.submitSurveyAnswer(
        deps.store,
        req.params.id,
        req.session!.userId,
        req.body.answers,
        commandContext(req, deps),
      ),
    ),
  );
}
