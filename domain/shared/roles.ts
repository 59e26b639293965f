/** System roles (spec section 6). */
export const Role = {
  Volunteer: 1,
  Staff: 2,
  Admin: 3,
  Reviewer: 4,
  VolunteerAdmin: 5,
  ResponderAdmin: 6,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const RoleIds: readonly RoleId[] = [1, 2, 3, 4, 5, 6];
export const RoleNameKey: Record<RoleId, string> = {
  1: 'RoleVolunteer',
  2: 'RoleStaff',
  3: 'RoleAdmin',
  4: 'RoleReviewer',
  5: 'RoleVolunteerAdmin',
  6: 'RoleResponderAdmin',
};

export function isRoleId(n: unknown): n is RoleId {
  return typeof n === 'number' && (RoleIds as readonly number[]).includes(n);
}
