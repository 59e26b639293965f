import type { Opportunity } from '../opportunity/decide.ts';
import { isOpenTo, OpportunityStatus, type Visibility } from '../opportunity/rules.ts';
import { RegistrationStatus } from '../registration/status.ts';
import type { ClientConfig } from '../shared/clients.ts';
import { day } from '../shared/days.ts';
import { DomainError } from '../shared/errors.ts';
import { Role, type RoleId } from '../shared/roles.ts';

/** Who asks to join (from the session, the account and the registration read model). */
export interface Joiner {
  signedIn: boolean;
  roleId: RoleId | null;
  registrationStatus: RegistrationStatus | null;
  nicValid: boolean;
  /** NEOM: the volunteer's information is complete (EventsAdmin/HasCompletedVolunteerInfo). */
  infoComplete: boolean;
  regionId: number | null;
  cityId: number | null;
  /** 1 male, 2 female */
  gender: 1 | 2 | null;
  /** The volunteer was invited to this event (for invited-only events). */
  invited: boolean;
}

export interface JoinTarget {
  deleted: boolean;
  approved: boolean;
  endDate: string;
  registrationEnd?: string | undefined;
  visibility: Visibility;
  regionIds: number[];
  cityIds: number[];
  /** 1 males only, 2 females only, 3 both */
  gender: 1 | 2 | 3;
}

/**
 * The event as the join rules read it, from the fold of its stream (a join never reads a read model that may lag
 * behind a command). The join route and the Emmett peer (bench/peer/app.ts) both check it so.
 */
export function joinTargetOf(o: Opportunity): JoinTarget {
  const d = o.details!;
  return {
    deleted: o.status === OpportunityStatus.Deleted,
    approved: o.approval === 'approved',
    endDate: d.endDate,
    registrationEnd: d.registrationEnd,
    visibility: d.visibility,
    regionIds: d.regionIds,
    cityIds: d.cityIds,
    gender: d.gender,
  };
}

/**
 * The join rules of the spec, in the order the portal answers them (each refusal with its catalogue code). The
 * rules across events — at most two pending requests, no overlapping accepted event — belong to the volunteer's
 * schedule (schedule.ts).
 */
export function assertMayJoin(who: Joiner, target: JoinTarget, client: ClientConfig, now: Date): void {
  if (!who.signedIn) throw new DomainError('YouMustLogIn');
  if (who.roleId !== Role.Volunteer) throw new DomainError('YouMustBeVolunteer');
  if (client.identityVerification && !who.nicValid) throw new DomainError('InvalidNICAccount');
  if (client.editRegistrationBeforeJoin && !who.infoComplete) throw new DomainError('UpdateRegistrationTitle');
  if (who.registrationStatus !== RegistrationStatus.Approved)
    throw new DomainError('NotAllowToJoinEvent', { reason: 'registrationNotApproved' });
  if (target.deleted) throw new DomainError('event_deleted');
  if (!target.approved) throw new DomainError('InvalidEvent');
  const today = day(now.toISOString());
  if (day(target.endDate) < today || (target.registrationEnd && day(target.registrationEnd) < today))
    throw new DomainError('event_expired');
  const visible = isOpenTo(target, who);
  if (!visible) throw new DomainError('NotAllowToJoinEvent', { reason: 'visibility' });
  if (target.gender !== 3 && who.gender !== target.gender)
    throw new DomainError('NotAllowToJoinEvent', { reason: 'gender' });
}
