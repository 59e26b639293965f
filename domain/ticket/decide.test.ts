import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { ticketDecider } from './decide.ts';
import type { TicketEvent } from './events.ts';
import { duplicateKey, ticketCode } from './rules.ts';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const AT = NOW.toISOString();
const given = specFor(ticketDecider, () => NOW);
const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const EVENT = '33333333-3333-4333-8333-333333333333';

const submit = (over: Record<string, unknown> = {}) =>
  ({
    type: 'SubmitTicket',
    ticketId: T1,
    code: 'TK-2026-11111111',
    requestType: 1,
    title: 'Badge not printed',
    description: 'My badge did not print.',
    eventId: EVENT,
    ...over,
  }) as const;
const submitted = (over: Record<string, unknown> = {}): TicketEvent => ({
  type: 'TicketSubmitted',
  data: {
    ticketId: T1,
    code: 'TK-2026-11111111',
    requestType: 1,
    title: 'Badge not printed',
    description: 'My badge did not print.',
    priority: 4,
    eventId: EVENT,
    departmentId: null,
    at: AT,
    ...over,
  } as never,
});
const replied = (action: 2 | 3 = 2, previousStatus = 'new', ticketId = T1): TicketEvent => ({
  type: 'TicketReplied',
  data: { ticketId, action, response: 'Printed again.', at: AT, previousStatus } as never,
});
const resolved = (ticketId = T1): TicketEvent => ({ type: 'TicketResolved', data: { ticketId, at: AT } });
const notResolved = (reasonId = 1, reason: string | null = null): TicketEvent => ({
  type: 'TicketNotResolved',
  data: { ticketId: T1, reasonId, reason, at: AT } as never,
});
const reply = (action: number | null = 2, response: string | null = 'Printed again.') =>
  ({ type: 'ReplyToTicket', ticketId: T1, action, response }) as const;
const mark = (status: number | null, reasonId: number | null = null, reason: string | null = null) =>
  ({ type: 'MarkTicket', ticketId: T1, status, reasonId, reason }) as const;

describe('submitting a ticket, suggestion or contact request', () => {
  it('records the ticket with the default priority 4', () => {
    given().when(submit()).thenEmits([submitted()]);
  });
  it('keeps a chosen priority and department', () => {
    given()
      .when(submit({ priority: 1, departmentId: 7 }))
      .thenEmits([submitted({ priority: 1, departmentId: 7 })]);
  });
  it('refuses a missing title', () => {
    given()
      .when(submit({ title: '  ' }))
      .thenFails('TicketTitleRequired');
  });
  it('refuses a missing type', () => {
    given()
      .when(submit({ requestType: null }))
      .thenFails('TicketTypeRequired');
  });
  it('refuses a type that is not 1, 2 or 4', () => {
    given()
      .when(submit({ requestType: 3 }))
      .thenFails('TicketTypeRequired');
  });
  it('refuses a missing description', () => {
    given()
      .when(submit({ description: '' }))
      .thenFails('TicketDescriptionRequired');
  });
  it('requires an event for a ticket (type 1)', () => {
    given()
      .when(submit({ eventId: null }))
      .thenFails('EventisRequired');
  });
  it('needs no event for a suggestion (2) or a contact request (4), and drops one sent', () => {
    given()
      .when(submit({ requestType: 2, eventId: null }))
      .thenEmits([submitted({ requestType: 2, eventId: null })]);
    given()
      .when(submit({ requestType: 4, eventId: EVENT }))
      .thenEmits([submitted({ requestType: 4, eventId: null })]);
  });
  it('refuses a priority outside 1–4', () => {
    given()
      .when(submit({ priority: 5 }))
      .thenFails('ValidationFailed');
  });
  it('refuses a title over 200 characters', () => {
    given()
      .when(submit({ title: 'x'.repeat(201) }))
      .thenFails('TextTooLong');
  });
  it('refuses a duplicate of an unresolved ticket (same type, event and title, case and spacing aside)', () => {
    given(submitted())
      .when(submit({ ticketId: T2, title: '  badge   NOT printed ' }))
      .thenFails('DuplicateTicketNotResolvedYet');
  });
  it('refuses a duplicate of a replied or not-resolved ticket too', () => {
    given(submitted(), replied())
      .when(submit({ ticketId: T2 }))
      .thenFails('DuplicateTicketNotResolvedYet');
    given(submitted(), replied(), notResolved())
      .when(submit({ ticketId: T2 }))
      .thenFails('DuplicateTicketNotResolvedYet');
  });
  it('accepts the same request again once the first is resolved or closed', () => {
    given(submitted(), replied(), resolved())
      .when(submit({ ticketId: T2 }))
      .thenEmits((events) => expect(events.map((e) => e.type)).toEqual(['TicketSubmitted']));
    given(submitted(), replied(3))
      .when(submit({ ticketId: T2 }))
      .thenEmits((events) => expect(events.map((e) => e.type)).toEqual(['TicketSubmitted']));
  });
  it('accepts a different title, type or event while the first is open', () => {
    given(submitted())
      .when(submit({ ticketId: T2, title: 'Another problem' }))
      .thenEmits((events) => expect(events).toHaveLength(1));
    given(submitted())
      .when(submit({ ticketId: T2, requestType: 2 }))
      .thenEmits((events) => expect(events).toHaveLength(1));
  });
});

describe('staff replies', () => {
  it('records a reply (action 2): the ticket is replied', () => {
    given(submitted()).when(reply()).thenEmits([replied()]);
  });
  it('closes with action 3', () => {
    given(submitted(), replied())
      .when(reply(3))
      .thenEmits([replied(3, 'replied')]);
  });
  it('needs the reply text', () => {
    given(submitted()).when(reply(2, ' ')).thenFails('ActionResponseRequired');
  });
  it('needs an action, and not 1', () => {
    given(submitted()).when(reply(null)).thenFails('TicketActionRequired');
    given(submitted()).when(reply(1)).thenFails('TicketActionRequired');
  });
  it('replies again after a not-resolved verdict', () => {
    given(submitted(), replied(), notResolved())
      .when(reply())
      .thenEmits([replied(2, 'notResolved')]);
  });
  it('refuses to reply to a closed ticket', () => {
    given(submitted(), replied(3)).when(reply()).thenFails('InvalidStatusChange');
  });
  it('refuses an unknown ticket', () => {
    given().when(reply()).thenFails('NotFound');
  });
});

describe('assigning a department', () => {
  it('records the department and the one before', () => {
    given(submitted({ departmentId: 2 }))
      .when({ type: 'AssignTicketDepartment', ticketId: T1, departmentId: 5 })
      .thenEmits([{ type: 'TicketDepartmentAssigned', data: { ticketId: T1, departmentId: 5, previous: 2, at: AT } }]);
  });
  it('writes nothing when the department is already the one', () => {
    given(submitted({ departmentId: 5 }))
      .when({ type: 'AssignTicketDepartment', ticketId: T1, departmentId: 5 })
      .thenEmits([]);
  });
});

describe('the creator’s verdict', () => {
  it('marks a replied ticket resolved (1)', () => {
    given(submitted(), replied()).when(mark(1)).thenEmits([resolved()]);
  });
  it('marks it not resolved (2) with a reason', () => {
    given(submitted(), replied())
      .when(mark(2, 1))
      .thenEmits([notResolved(1)]);
  });
  it('needs a reason id for not resolved', () => {
    given(submitted(), replied()).when(mark(2)).thenFails('RejectReasonRequired');
  });
  it('needs the reason text when the reason is 4 (other)', () => {
    given(submitted(), replied())
      .when(mark(2, 4, ' '))
      .thenFails('RejectReasonRequired');
    given(submitted(), replied())
      .when(mark(2, 4, 'Still broken'))
      .thenEmits([notResolved(4, 'Still broken')]);
  });
  it('refuses a verdict other than 1 or 2', () => {
    given(submitted(), replied()).when(mark(3)).thenFails('ValidationFailed');
  });
  it('refuses a verdict before any reply, and twice', () => {
    given(submitted()).when(mark(1)).thenFails('InvalidStatusChange');
    given(submitted(), replied(), resolved()).when(mark(2, 1)).thenFails('InvalidStatusChange');
  });
});

describe('the rules’ helpers', () => {
  it('makes the code from the year and the id', () => {
    expect(ticketCode(T1, NOW)).toBe('TK-2026-11111111');
  });
  it('folds case, width and spacing in the duplicate key', () => {
    expect(duplicateKey({ requestType: 2, eventId: null, title: ' A  b ' })).toBe(
      duplicateKey({ requestType: 2, eventId: null, title: 'a b' }),
    );
  });
});
