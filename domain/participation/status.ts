/** Invitation request statuses (spec, both documents, section 4). */
export const ParticipationStatus = {
  PendingVolunteer: 1,
  AcceptedVolunteerPendingStaff: 2,
  RejectedVolunteer: 3,
  AcceptedStaff: 4,
  RejectedStaff: 5,
  Cancelled: 6,
  VolunteerJoinRequest: 7,
  ReleaseVolunteer: 8,
  VolunteerAbsent: 9,
  VolunteerRequestToRelease: 10,
} as const;
export type ParticipationStatus = (typeof ParticipationStatus)[keyof typeof ParticipationStatus];

/** Statuses that hold a seat of the event's contribution count. */
export const HOLDS_SEAT: readonly ParticipationStatus[] = [
  ParticipationStatus.AcceptedStaff,
  ParticipationStatus.VolunteerRequestToRelease,
];

/** Spec: at most 2 pending join requests at once. */
export const MAX_PENDING_JOIN_REQUESTS = 2;

/** Ratings (spec): 1 Poor, 2 Fair, 3 Good, 4 Very Good, 5 Excellent. */
export const RATINGS = [1, 2, 3, 4, 5] as const;
