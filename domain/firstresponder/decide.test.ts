import { describe, expect, it } from 'vitest';
import { CLIENTS } from '../shared/clients.ts';
import { specFor } from '../shared/testing.ts';
import { type EmployeeCheck, type FirstResponderCommand, firstResponderDecider } from './decide.ts';
import type { FirstResponderEvent } from './events.ts';
import { firstExpiryDay, firstResponderIssues } from './rules.ts';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const AT = NOW.toISOString();
const given = specFor(firstResponderDecider, () => NOW);
const FILE = '11111111-1111-4111-8111-111111111111';
const FILE2 = '22222222-2222-4222-8222-222222222222';
const ADMIN = '33333333-3333-4333-8333-333333333333';

const noEmployee: EmployeeCheck = { required: false, nationalIdOnFile: null, idNumber: null };
const input = (over: Record<string, unknown> = {}) => ({
  certificateExpiryDate: '2027-05-01',
  hasBls: true,
  fileId: FILE,
  ...over,
});
const request = (over: Record<string, unknown> = {}, employee = noEmployee): FirstResponderCommand => ({
  type: 'RequestFirstResponder',
  input: input(over),
  employee,
});
const update = (over: Record<string, unknown> = {}, employee = noEmployee): FirstResponderCommand => ({
  type: 'UpdateFirstResponderRequest',
  input: input(over),
  employee,
});
const details = { certificateExpiryDate: '2027-05-01', hasBls: true, fileId: FILE, employeeCode: null };
const requested: FirstResponderEvent = { type: 'FirstResponderRequested', data: { ...details, at: AT } };
const approved: FirstResponderEvent = { type: 'FirstResponderApproved', data: { at: AT, approvedBy: ADMIN } };
const rejected: FirstResponderEvent = {
  type: 'FirstResponderRejected',
  data: { at: AT, reason: 'Certificate unreadable', rejectedBy: ADMIN },
};

describe('requesting first-responder status', () => {
  it('records the certificate expiry, the BLS flag and the file', () => {
    given().when(request()).thenEmits([requested]);
  });
  it('refuses a second request: the form is in update mode once one exists', () => {
    given(requested).when(request()).thenFails('InvalidStatusChange');
  });
  it('refuses a request without BLS (GenericFillFormError)', () => {
    given()
      .when(request({ hasBls: false }))
      .thenFails('GenericFillFormError');
  });
  it('refuses a request without a certificate file', () => {
    given()
      .when(request({ fileId: ' ' }))
      .thenFails('GenericFillFormError');
  });
  it('refuses a request without an expiry date', () => {
    given()
      .when(request({ certificateExpiryDate: null }))
      .thenFails('GenericFillFormError');
  });
  it('refuses a certificate expiring today: the expiry must be from tomorrow', () => {
    given()
      .when(request({ certificateExpiryDate: '2026-11-24' }))
      .thenFails('CertificateExpiryInvalid');
  });
  it('accepts a certificate expiring tomorrow', () => {
    given()
      .when(request({ certificateExpiryDate: '2026-11-25' }))
      .thenEmits((events) => expect(events[0]?.type).toBe('FirstResponderRequested'));
  });
  it('refuses an expiry after 2030-06-22 and accepts that day', () => {
    given()
      .when(request({ certificateExpiryDate: '2030-06-23' }))
      .thenFails('CertificateExpiryInvalid');
    given()
      .when(request({ certificateExpiryDate: '2030-06-22' }))
      .thenEmits((events) => expect(events).toHaveLength(1));
  });
  it('refuses a day that is not real', () => {
    given()
      .when(request({ certificateExpiryDate: '2027-02-30' }))
      .thenFails('CertificateExpiryInvalid');
  });
  it('ignores an employee code where the client does not ask for one', () => {
    given()
      .when(request({ employeeCode: 'E1001' }))
      .thenEmits([requested]);
  });
});

describe('the red-crescent employee code', () => {
  const srca = (nationalIdOnFile: string | null): EmployeeCheck => ({
    required: true,
    nationalIdOnFile,
    idNumber: '1012345678',
  });
  it('is required', () => {
    given()
      .when(request({}, srca('1012345678')))
      .thenFails('GenericFillFormError');
  });
  it('is recorded when the HR system holds the volunteer id number for it', () => {
    given()
      .when(request({ employeeCode: ' E1001 ' }, srca('1012345678')))
      .thenEmits([{ type: 'FirstResponderRequested', data: { ...details, employeeCode: 'E1001', at: AT } }]);
  });
  it('is refused when the national id on file is another person’s', () => {
    given()
      .when(request({ employeeCode: 'E1001' }, srca('1099999999')))
      .thenFails('EmployeeCodeNotMatched');
  });
  it('is refused when the HR system does not know the code', () => {
    given()
      .when(request({ employeeCode: 'E404' }, srca(null)))
      .thenFails('EmployeeCodeNotMatched');
  });
  it('is asked for by the red-crescent client only', () => {
    expect(CLIENTS.SRCA.firstResponderEmployeeCode).toBe(true);
    expect(CLIENTS.MOH.firstResponderEmployeeCode).toBe(false);
    expect(CLIENTS.NEOM.firstResponderEmployeeCode).toBe(false);
  });
});

describe('updating a request', () => {
  it('corrects a pending request, keeping what it was', () => {
    given(requested)
      .when(update({ fileId: FILE2 }))
      .thenEmits([
        {
          type: 'FirstResponderRequestUpdated',
          data: { ...details, fileId: FILE2, at: AT, previous: details, previousStatus: 'pending' },
        },
      ]);
  });
  it('writes nothing when a pending request is sent unchanged', () => {
    given(requested).when(update()).thenEmits([]);
  });
  it('sends a rejected request back to the requests', () => {
    given(requested, rejected)
      .when(update())
      .thenEmits((events) => {
        expect(events[0]?.type).toBe('FirstResponderRequestUpdated');
        expect(firstResponderDecider.evolve(firstResponderDecider.initialState(), events[0]!).status).toBe('pending');
      });
  });
  it('refuses to update an approved request', () => {
    given(requested, approved).when(update()).thenFails('InvalidStatusChange');
  });
  it('refuses to update a request that does not exist', () => {
    given().when(update()).thenFails('NotFound');
  });
  it('applies the same rules as a request', () => {
    given(requested)
      .when(update({ hasBls: false }))
      .thenFails('GenericFillFormError');
  });
});

describe('approving, rejecting and undoing a rejection', () => {
  it('approves a pending request, naming who approved', () => {
    given(requested).when({ type: 'ApproveFirstResponder', by: ADMIN }).thenEmits([approved]);
  });
  it('refuses to approve a rejected request', () => {
    given(requested, rejected).when({ type: 'ApproveFirstResponder', by: ADMIN }).thenFails('InvalidStatusChange');
  });
  it('refuses to approve an approved request again', () => {
    given(requested, approved).when({ type: 'ApproveFirstResponder', by: ADMIN }).thenFails('InvalidStatusChange');
  });
  it('refuses to approve a request that does not exist', () => {
    given().when({ type: 'ApproveFirstResponder', by: ADMIN }).thenFails('NotFound');
  });
  it('rejects a pending request with a reason', () => {
    given(requested)
      .when({ type: 'RejectFirstResponder', by: ADMIN, reason: ' Certificate unreadable ' })
      .thenEmits([rejected]);
  });
  it('rejects without a reason', () => {
    given(requested)
      .when({ type: 'RejectFirstResponder', by: ADMIN })
      .thenEmits([{ type: 'FirstResponderRejected', data: { at: AT, reason: null, rejectedBy: ADMIN } }]);
  });
  it('refuses to reject an approved request', () => {
    given(requested, approved).when({ type: 'RejectFirstResponder', by: ADMIN }).thenFails('InvalidStatusChange');
  });
  it('undoes a rejection, moving the request back to the requests', () => {
    given(requested, rejected)
      .when({ type: 'UndoFirstResponderRejection' })
      .thenEmits([
        { type: 'FirstResponderRejectionUndone', data: { at: AT, previousReason: 'Certificate unreadable' } },
      ]);
  });
  it('refuses to undo what is not a rejection', () => {
    given(requested).when({ type: 'UndoFirstResponderRejection' }).thenFails('InvalidStatusChange');
  });
  it('lets an undone rejection be approved', () => {
    const undone: FirstResponderEvent = {
      type: 'FirstResponderRejectionUndone',
      data: { at: AT, previousReason: 'Certificate unreadable' },
    };
    given(requested, rejected, undone).when({ type: 'ApproveFirstResponder', by: ADMIN }).thenEmits([approved]);
  });
});

describe('the form rules (shared with the web form)', () => {
  it('the first allowed expiry is the day after today', () => {
    expect(firstExpiryDay(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
  it('lists every missing field at once', () => {
    expect(firstResponderIssues({}, NOW, true).map((i) => i.field)).toEqual([
      'certificateExpiryDate',
      'hasBls',
      'fileId',
      'employeeCode',
    ]);
  });
});
