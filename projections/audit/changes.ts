import type { StoredEvent } from '../../commands/event-store/port.ts';
import { PAIR_FIELDS } from '../../domain/record-kinds.ts';

/** One field an event changed: its name (a dotted path), the value before and the value after. */
export interface AuditChange {
  field: string;
  from: unknown;
  to: unknown;
}

const STATUS_BY_EVENT: Record<string, number> = {
  RegistrationDraftSaved: 1,
  RegistrationSubmitted: 2,
  RegistrationInitiallyAccepted: 3,
  RegistrationApproved: 5,
  RegistrationRejected: 6,
  RegistrationReturnedToSubmitted: 2,
};

/** Never shown in the audit: hashes and anything secret. */
const SECRET = /password|hash|token|nonce/i;
const MASKED = '••••';

type Data = Record<string, unknown>;
const isPlainObject = (v: unknown): v is Data => v !== null && typeof v === 'object' && !Array.isArray(v);
const isScalarList = (v: unknown) => Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');

/** A value shown as it is: scalars and lists of scalars (a list of objects is a form section, shown by `changes`). */
const shown = (v: unknown) => v === null || typeof v !== 'object' || isScalarList(v);

/**
 * What one event says it changed, field by field: the explicit `changes` of an edit (with their before values), a
 * registration's status, a `{ from, to }` pair, the `previous` values an event carries, and every other field of its
 * data (one level of objects down, as `parent.field`) as a new value. Secrets are masked, never shown.
 */
export function changesOf(e: Pick<StoredEvent, 'type' | 'data'>): AuditChange[] {
  const d: Data = isPlainObject(e.data) ? e.data : {};
  const out: AuditChange[] = [];
  const explicit = Array.isArray(d.changes);
  if (explicit) out.push(...(d.changes as AuditChange[]));
  const status = STATUS_BY_EVENT[e.type];
  if (status !== undefined && (d.previousStatus ?? null) !== status)
    out.push({ field: 'status', from: d.previousStatus ?? null, to: status });
  if ('from' in d && 'to' in d) {
    if (isPlainObject(d.from) && isPlainObject(d.to)) {
      const before = d.from;
      for (const [k, v] of Object.entries(d.to)) out.push({ field: k, from: before[k] ?? null, to: v });
    } else out.push({ field: (PAIR_FIELDS as Record<string, string>)[e.type] ?? 'value', from: d.from, to: d.to });
  }
  const previous = isPlainObject(d.previous) ? d.previous : null;
  for (const [k, v] of Object.entries(d)) {
    if (['changes', 'previousStatus', 'form', 'from', 'to'].includes(k) || (k === 'previous' && previous)) continue;
    // An edit lists what it changed; the whole new definition beside it would repeat every unchanged field.
    if (explicit && isPlainObject(v)) continue;
    if (SECRET.test(k)) out.push({ field: k, from: MASKED, to: MASKED });
    else if (shown(v)) out.push({ field: k, from: previous && k in previous ? previous[k] : null, to: v });
    else if (isPlainObject(v))
      for (const [k2, v2] of Object.entries(v))
        if (!SECRET.test(k2) && shown(v2)) out.push({ field: `${k}.${k2}`, from: null, to: v2 });
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A reference to what the event acts on (hoursId, volunteerId …): named on every event, never a change itself. */
const REFERENCE = /(^id|Id|Ids)$/;

/**
 * One record's history from its events' own changes, oldest first: a field whose before value the event does not
 * carry takes the value the record's earlier events last gave it, and a field whose value stays the same is left out.
 * References (which hours entry an approval is about) are kept as the event names them.
 */
export function withPrevious<T extends { changes: AuditChange[] }>(entries: readonly T[]): T[] {
  const last = new Map<string, unknown>();
  return entries.map((entry) => {
    const changes: AuditChange[] = [];
    for (const c of entry.changes) {
      if (REFERENCE.test(c.field)) {
        changes.push(c);
        continue;
      }
      const from = c.from ?? (last.has(c.field) ? last.get(c.field) : null);
      last.set(c.field, c.to);
      if (!same(from, c.to)) changes.push({ field: c.field, from, to: c.to });
    }
    return { ...entry, changes };
  });
}
