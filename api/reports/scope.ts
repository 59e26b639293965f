import { opportunityHistory } from '../../commands/reports/event-history.ts';
import type { OpportunityEvent } from '../../domain/opportunity/decide.ts';
import { opportunityAt, type Timed } from '../../domain/reports/event-report.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { ApiDeps } from '../http/deps.ts';
import { eventInScope, type Scope, staffScope } from '../http/scope.ts';

/**
 * One event's report lies in a staff member's scope when the event, as it stood at `asOf` (now without one), lay in
 * her regions and cities: the rule the reports list applies through its validity periods, for one event, so that the
 * list and the report it opens agree for any date. An event that did not exist yet at `asOf` is judged as it stands
 * now (its report is empty). NotFound outside the scope.
 */
export function assertReportInScope(
  scope: Scope | null,
  events: readonly Timed<OpportunityEvent>[],
  asOf: string | null,
): void {
  if (!scope) return;
  const then = opportunityAt(events, asOf);
  const { details } = then.exists ? then : opportunityAt(events, null);
  if (!details || !eventInScope(scope, details)) throw new DomainError('NotFound');
}

/** The same check for a caller that has not read the event's stream yet (the report's export). */
export async function authorizeEventReport(
  deps: ApiDeps,
  session: { userId: string; roleId: number },
  eventId: string,
  asOf: string | null,
): Promise<void> {
  const scope = await staffScope(deps, session);
  if (scope) assertReportInScope(scope, await opportunityHistory(deps.store, eventId), asOf);
}
