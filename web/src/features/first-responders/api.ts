import type { QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/firstresponder.ts';
import { call, pageQuery } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterCommand, afterPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';

export type {
  FirstResponderForm,
  FirstResponderList,
  FirstResponderRow,
  MyFirstResponder,
} from '../../../../api/contracts/firstresponder.ts';
export { FIRST_RESPONDER_LISTS } from '../../../../api/contracts/firstresponder.ts';

export const myFirstResponderQuery = readYourWritesQuery(['first-responders', 'mine'], C.myFirstResponder);

export interface ListSearch {
  list: C.FirstResponderList;
  page: number;
  pageSize: number;
  name?: string | undefined;
}

export const firstRespondersQuery = (s: ListSearch) =>
  endpointQuery(['first-responders', 'lists', s], C.firstResponders, () => ({
    query: { after: afterPosition(), list: s.list, ...pageQuery(s), name: s.name },
  }));

/** The answer once this tab's reads include it. */
const settled = (qc: QueryClient, done: Promise<{ position: string }>) => afterCommand(qc, ['first-responders'], done);

/** The volunteer's request (registration mode) or its update (update mode). */
export const sendFirstResponder = (qc: QueryClient, body: C.FirstResponderForm, update: boolean) =>
  settled(qc, call(update ? C.updateFirstResponder : C.requestFirstResponder, { body }));

export type Decision = 'approve' | 'reject' | 'undo';
export const decideFirstResponder = (qc: QueryClient, volunteerId: string, decision: Decision, reason?: string) => {
  const params = { volunteerId };
  if (decision === 'approve') return settled(qc, call(C.approveFirstResponder, { params }));
  if (decision === 'reject')
    return settled(qc, call(C.rejectFirstResponder, { params, body: { reason: reason?.trim() || null } }));
  return settled(qc, call(C.undoFirstResponderRejection, { params }));
};
