import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approveManyHours, deleteHours, rejectHours } from '../../../../../api/contracts/hours.ts';
import { acceptParticipant } from '../../../../../api/contracts/participation.ts';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { errorCode } from '../../../app/api.ts';
import { call } from '../../../lib/client.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { rememberPosition } from '../../../lib/readYourWrites.ts';
import {
  eventsCommand,
  invitationHistoryQuery,
  pendingHoursIds,
  type RosterRow,
  STAFF_ACTIONS,
  type StaffAction,
} from '../api.ts';

/** Approve the pending hours of some participants: their hours ids come from each invitation's history. */
export async function approveHoursOf(
  queryClient: ReturnType<typeof useQueryClient>,
  id: string,
  volunteerIds: string[],
): Promise<number> {
  const items: { volunteerId: string; hoursId: string }[] = [];
  for (const volunteerId of volunteerIds) {
    const history = await queryClient.fetchQuery({ ...invitationHistoryQuery(id, volunteerId), staleTime: 0 });
    for (const hoursId of pendingHoursIds(history)) items.push({ volunteerId, hoursId });
  }
  if (items.length === 0) return 0;
  const res = await call(approveManyHours, { params: { id }, body: { items } });
  rememberPosition(res.position);
  void queryClient.invalidateQueries({ queryKey: ['events'] });
  return res.results.filter((r) => r.result === 'approved').length;
}

export type RosterConfirm = { row: RosterRow; action: StaffAction | 'reverse' };

/** The roster's commands (status changes, hours approval and removal) and the dialogs and failure they lead to. */
export function useRosterActions(id: string, onApproved: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [raiseFor, setRaiseFor] = useState<RosterRow | null>(null);
  const [confirming, setConfirming] = useState<RosterConfirm | null>(null);
  const [failure, setFailure] = useState<ErrorCode | null>(null);

  const act = useMutation({
    mutationFn: ({
      row,
      action,
      confirmRaise,
    }: {
      row: RosterRow;
      action: 'accept' | 'reverse' | StaffAction;
      confirmRaise?: boolean;
    }) =>
      // The admin's reversal is an accept from a rejected, cancelled or absent status (the same endpoint).
      action === 'accept' || action === 'reverse'
        ? eventsCommand(queryClient, acceptParticipant, {
            params: { id, volunteerId: row.volunteerId },
            body: { confirmRaise: confirmRaise ?? false },
          })
        : eventsCommand(queryClient, STAFF_ACTIONS[action], { params: { id, volunteerId: row.volunteerId } }),
    onSuccess: () => {
      setFailure(null);
      setRaiseFor(null);
      setConfirming(null);
      notifyDone(t('roster.done'));
    },
    onError: (e, vars) => {
      setConfirming(null);
      const code = errorCode(e);
      if (
        code === 'ExceededApprovalLimit' &&
        (vars.action === 'accept' || vars.action === 'reverse') &&
        !vars.confirmRaise
      ) {
        setRaiseFor(vars.row);
        return;
      }
      setRaiseFor(null);
      setFailure(code);
    },
  });
  const approve = useMutation({
    mutationFn: (ids: string[]) => approveHoursOf(queryClient, id, ids),
    onSuccess: (n) => {
      setFailure(null);
      onApproved();
      notifyDone(n ? t('roster.hoursApproved', { n }) : t('roster.noPending'));
    },
    onError: (e) => setFailure(errorCode(e)),
  });
  /** Reject (Approve right) or delete (Edit right) a participant's pending hours, found in the history. */
  const dropHours = useMutation({
    mutationFn: async ({ row, action }: { row: RosterRow; action: 'reject' | 'delete' }) => {
      const history = await queryClient.fetchQuery({ ...invitationHistoryQuery(id, row.volunteerId), staleTime: 0 });
      for (const hoursId of pendingHoursIds(history))
        await eventsCommand(queryClient, action === 'reject' ? rejectHours : deleteHours, {
          params: { id, volunteerId: row.volunteerId, hoursId },
        });
    },
    onSuccess: () => {
      setFailure(null);
      notifyDone(t('roster.done'));
    },
    onError: (e) => setFailure(errorCode(e)),
  });

  return { act, approve, dropHours, raiseFor, setRaiseFor, confirming, setConfirming, failure, setFailure };
}
