import type { LookupSnapshot } from '../lookups/snapshot.ts';
import { DomainError, type ErrorCode } from '../shared/errors.ts';
import { Role, type RoleId } from '../shared/roles.ts';
import { isPasswordValid } from './password.ts';

/** The roles an administrator can give a staff account (spec section 6: every system role but Volunteer). */
export const STAFF_ROLES: readonly RoleId[] = [
  Role.Staff,
  Role.Admin,
  Role.Reviewer,
  Role.VolunteerAdmin,
  Role.ResponderAdmin,
];
export const isStaffRole = (roleId: number): roleId is RoleId => (STAFF_ROLES as readonly number[]).includes(roleId);

/** What an administrator types for a staff account (the user name and password only when creating it). */
export interface StaffProfile {
  name: { ar: string; en: string };
  email: string;
  /** Spec section 9: a mobile number has 10 digits. */
  mobile: string;
  roleId: number;
}

export interface StaffAreas {
  regionIds: readonly number[];
  cityIds: readonly number[];
}

/** Spec (fuller variant): English letters, digits and underscore, no spaces; 3 to 50 characters. */
const USER_NAME = /^[A-Za-z0-9_]{3,50}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^\d{10}$/;

/** One broken rule: the field's path and its catalogue code (the web's form shows it on that field). */
export interface StaffIssue {
  path: string;
  code: ErrorCode;
}

const blank = (v: string | undefined) => !v?.trim();

/** The profile's rules, every broken one (the screen shows them all; a command throws the first). */
export function profileIssues(p: Partial<StaffProfile>): StaffIssue[] {
  const out: StaffIssue[] = [];
  for (const [path, v] of [
    ['name.ar', p.name?.ar],
    ['name.en', p.name?.en],
    ['email', p.email],
    ['mobile', p.mobile],
  ] as const)
    if (blank(v)) out.push({ path, code: 'AllFieldsRequired' });
  if (p.roleId === undefined || !isStaffRole(p.roleId)) out.push({ path: 'roleId', code: 'InvalidRole' });
  if (!blank(p.email) && (p.email!.length > 254 || !EMAIL.test(p.email!.trim())))
    out.push({ path: 'email', code: 'InvalidEmail' });
  if (!blank(p.mobile) && !MOBILE.test(p.mobile!.trim())) out.push({ path: 'mobile', code: 'InvalidMobile' });
  return out;
}

export function userNameIssues(userName: string | undefined): StaffIssue[] {
  if (blank(userName)) return [{ path: 'userName', code: 'AllFieldsRequired' }];
  return USER_NAME.test(userName!.trim()) ? [] : [{ path: 'userName', code: 'InvalidUserName' }];
}

/** A department is an active item of the department master data; none (null) is allowed. */
export function departmentIssues(departmentId: number | null, lookups: LookupSnapshot): StaffIssue[] {
  if (departmentId === null || lookups.get('department', departmentId)?.active === true) return [];
  return [{ path: 'departmentId', code: 'InvalidDepartment' }];
}

/**
 * Region–city permission: authorised regions are active regions, and each authorised city lies in one of them (the
 * screen offers only the chosen regions' cities; the rule holds whoever calls).
 */
export function areaIssues(areas: StaffAreas, lookups: LookupSnapshot): StaffIssue[] {
  const out: StaffIssue[] = [];
  if (areas.regionIds.some((id) => lookups.get('region', id)?.active !== true))
    out.push({ path: 'regionIds', code: 'InvalidArea' });
  // A chosen region covers all its cities; a city is chosen on its own for a region that is not (the staff scope is
  // the union of both, api/http/scope.ts).
  if (areas.cityIds.some((id) => lookups.get('city', id)?.active !== true))
    out.push({ path: 'cityIds', code: 'InvalidArea' });
  return out;
}

/** Throws the first issue, with its catalogue code (a command's refusal). */
export function refuse(issues: readonly StaffIssue[]): void {
  const first = issues[0];
  if (first) throw new DomainError(first.code, { field: first.path });
}

/** Trimmed, the e-mail in lower case: what is stored and compared. */
export function normaliseProfile<P extends StaffProfile>(p: P): P {
  return {
    ...p,
    name: { ar: p.name.ar.trim(), en: p.name.en.trim() },
    email: p.email.trim().toLowerCase(),
    mobile: p.mobile.trim(),
  };
}

/** The fields of a profile that an edit changes, from → to (the audit shows them). */
export function profileChanges(
  before: StaffProfile,
  after: StaffProfile,
): { field: 'nameAr' | 'nameEn' | 'email' | 'mobile' | 'roleId'; from: string | number; to: string | number }[] {
  const flat = (p: StaffProfile) => ({
    nameAr: p.name.ar,
    nameEn: p.name.en,
    email: p.email,
    mobile: p.mobile,
    roleId: p.roleId,
  });
  const a = flat(before);
  const b = flat(after);
  return (Object.keys(a) as (keyof typeof a)[])
    .filter((k) => a[k] !== b[k])
    .map((field) => ({ field, from: a[field], to: b[field] }));
}

/** What the create and edit screens check before sending (the same rules the commands run). */
export function staffFormIssues(
  v: Partial<StaffProfile> & StaffAreas & { userName?: string; password?: string; departmentId: number | null },
  lookups: LookupSnapshot,
  creating: boolean,
): StaffIssue[] {
  return [
    ...(creating ? userNameIssues(v.userName) : []),
    ...(creating && !isPasswordValid(v.password ?? '') ? [{ path: 'password', code: 'WeakPassword' as const }] : []),
    ...profileIssues(v),
    ...departmentIssues(v.departmentId, lookups),
    ...areaIssues(v, lookups),
  ];
}
