import { employeeCodeIssue } from '../registration/employee.ts';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import {
  type FirstResponderDetails,
  type FirstResponderEvent,
  type FirstResponderStatus,
  firstResponderEvents,
} from './events.ts';
import { type FirstResponderInput, firstResponderIssues, REJECT_REASON_MAX } from './rules.ts';

/** One volunteer's request: none yet (status null), or its details and where it stands. */
export interface FirstResponder {
  status: FirstResponderStatus | null;
  details: FirstResponderDetails | null;
  rejectReason: string | null;
}

/**
 * The employee check of the red-crescent client, asked by the handler before deciding (the HR port): whether the
 * client needs a code, the national id the HR system holds for the code sent, and the volunteer's id number.
 */
export interface EmployeeCheck {
  required: boolean;
  nationalIdOnFile: string | null;
  idNumber: string | null;
}

export type FirstResponderCommand =
  | { type: 'RequestFirstResponder'; input: FirstResponderInput; employee: EmployeeCheck }
  | { type: 'UpdateFirstResponderRequest'; input: FirstResponderInput; employee: EmployeeCheck }
  | { type: 'ApproveFirstResponder'; by: string | null }
  | { type: 'RejectFirstResponder'; by: string | null; reason?: string | null }
  | { type: 'UndoFirstResponderRejection' };

/** The details as recorded, once the rules passed (the code only where the client asks for one). */
function detailsOf(input: FirstResponderInput, employee: EmployeeCheck, now: Date): FirstResponderDetails {
  const first = firstResponderIssues(input, now, employee.required)[0];
  if (first) throw new DomainError(first.code, { field: first.field });
  const employeeCode = employee.required ? input.employeeCode!.trim() : null;
  if (employee.required && employeeCodeIssue(employee.nationalIdOnFile, employee.idNumber ?? undefined))
    throw new DomainError('EmployeeCodeNotMatched', { field: 'employeeCode' });
  return {
    certificateExpiryDate: input.certificateExpiryDate!,
    hasBls: true,
    fileId: input.fileId!.trim(),
    employeeCode,
  };
}

function need(s: FirstResponder, allowed: readonly FirstResponderStatus[]): FirstResponderStatus {
  if (s.status === null) throw new DomainError('NotFound');
  if (!allowed.includes(s.status)) throw new DomainError('InvalidStatusChange', { status: s.status });
  return s.status;
}

const sameDetails = (a: FirstResponderDetails, b: FirstResponderDetails) =>
  a.certificateExpiryDate === b.certificateExpiryDate &&
  a.hasBls === b.hasBls &&
  a.fileId === b.fileId &&
  a.employeeCode === b.employeeCode;

export const firstResponderDecider: Decider<FirstResponder, FirstResponderCommand, FirstResponderEvent> = {
  events: firstResponderEvents,
  initialState: () => ({ status: null, details: null, rejectReason: null }),

  evolve(s, e) {
    switch (e.type) {
      case 'FirstResponderRequested':
      case 'FirstResponderRequestUpdated': {
        const { certificateExpiryDate, hasBls, fileId, employeeCode } = e.data;
        return {
          status: 'pending',
          details: { certificateExpiryDate, hasBls, fileId, employeeCode },
          rejectReason: null,
        };
      }
      case 'FirstResponderApproved':
        return { ...s, status: 'approved' };
      case 'FirstResponderRejected':
        return { ...s, status: 'rejected', rejectReason: e.data.reason };
      case 'FirstResponderRejectionUndone':
        return { ...s, status: 'pending', rejectReason: null };
    }
  },

  decide(cmd, s, now) {
    const at = now.toISOString();
    switch (cmd.type) {
      case 'RequestFirstResponder': {
        // Spec: registration mode, then update mode — a second request is an update.
        if (s.status !== null) throw new DomainError('InvalidStatusChange', { status: s.status });
        return [{ type: 'FirstResponderRequested', data: { ...detailsOf(cmd.input, cmd.employee, now), at } }];
      }
      case 'UpdateFirstResponderRequest': {
        // A pending request is corrected; a rejected one sent again goes back to the requests.
        const previousStatus = need(s, ['pending', 'rejected']);
        const details = detailsOf(cmd.input, cmd.employee, now);
        if (previousStatus === 'pending' && s.details && sameDetails(s.details, details)) return [];
        return [
          {
            type: 'FirstResponderRequestUpdated',
            data: { ...details, at, previous: s.details!, previousStatus },
          },
        ];
      }
      case 'ApproveFirstResponder':
        need(s, ['pending']);
        return [{ type: 'FirstResponderApproved', data: { at, approvedBy: cmd.by } }];
      case 'RejectFirstResponder': {
        need(s, ['pending']);
        const reason = cmd.reason?.trim() || null;
        if (reason && reason.length > REJECT_REASON_MAX) throw new DomainError('TextTooLong', { field: 'reason' });
        return [{ type: 'FirstResponderRejected', data: { at, reason, rejectedBy: cmd.by } }];
      }
      case 'UndoFirstResponderRejection':
        // Spec: "Rejection can be undone, moving back to requests."
        need(s, ['rejected']);
        return [{ type: 'FirstResponderRejectionUndone', data: { at, previousReason: s.rejectReason } }];
    }
  },
};
