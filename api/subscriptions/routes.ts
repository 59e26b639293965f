import type { FastifyInstance } from 'fastify';
import { formatPosition } from '../../commands/event-store/port.ts';
import * as commands from '../../commands/subscription/handlers.ts';
import { subscribersPage } from '../../projections/subscriptions/queries.ts';
import * as C from '../contracts/subscriptions.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { route } from '../http/route.ts';

/**
 * The mail list: anyone subscribes (double opt-in: a confirmation mail), confirms and unsubscribes by the links of
 * the mails, without signing in; master-data staff (screen `masterdata`) list the confirmed subscribers and mail the
 * ones they select. Subscribing answers the same whether or not the address is on the list, and is rate limited.
 */
export function subscriptionRoutes(app: FastifyInstance, deps: ApiDeps, opts: { rateLimit: number }) {
  const db = deps.db;
  const limited = { config: { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } } };

  route(app, C.subscribe, limited, async (req) => {
    await commands.subscribe(deps.store, req.body.email ?? '', req.body.language ?? 'ar', commandContext(req, deps));
    return { accepted: true as const };
  });
  route(app, C.confirmSubscription, limited, async (req) => ({
    position: formatPosition(await commands.confirmSubscription(deps.store, req.body.token, commandContext(req, deps))),
  }));
  route(app, C.unsubscribe, limited, async (req) => ({
    position: formatPosition(await commands.unsubscribe(deps.store, req.body.token, commandContext(req, deps))),
  }));

  route(app, C.subscribers, {}, async (req) => {
    await readAfter(req, deps, ['subscriptions']);
    const q = req.query;
    return subscribersPage(db, q.email, { page: q.page, pageSize: q.pageSize });
  });
  route(app, C.sendSubscriptionMail, {}, async (req) => {
    const r = await commands.sendSubscriptionMail(deps.store, req.body, commandContext(req, deps));
    return { position: formatPosition(r.position), mailingId: r.mailingId, recipients: r.recipients };
  });
  route(app, C.removeSubscription, {}, async (req) => ({
    position: formatPosition(await commands.removeSubscription(deps.store, req.params.id, commandContext(req, deps))),
  }));
}
