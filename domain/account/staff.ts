import type { LookupSnapshot } from '../lookups/snapshot.ts';
import { DomainError } from '../shared/errors.ts';
import { Role, type RoleId } from '../shared/roles.ts';

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

/** The profile's rules, the first broken one thrown with its catalogue code. */
export function checkStaffProfile(p: StaffProfile): void {
  if (!p.name.ar.trim() || !p.name.en.trim() || !p.email.trim() || !p.mobile.trim())
    throw new DomainError('AllFieldsRequired');
  if (!isStaffRole(p.roleId)) throw new DomainError('InvalidRole', { roleId: p.roleId });
  if (p.email.length > 254 || !EMAIL.test(p.email.trim())) throw new DomainError('InvalidEmail');
  if (!MOBILE.test(p.mobile)) throw new DomainError('InvalidMobile');
}

export function checkUserName(userName: string): void {
  if (!USER_NAME.test(userName.trim())) throw new DomainError('InvalidUserName');
}

/** A department is an active item of the department master data; none (null) is allowed. */
export function checkDepartment(departmentId: number | null, lookups: LookupSnapshot): void {
  if (departmentId === null) return;
  if (lookups.get('department', departmentId)?.active !== true)
    throw new DomainError('InvalidDepartment', { departmentId });
}

/**
 * Region–city permission: authorised regions are active regions, and each authorised city lies in one of them (the
 * screen offers only the chosen regions' cities; the rule holds whoever calls).
 */
export function checkAreas(areas: StaffAreas, lookups: LookupSnapshot): void {
  for (const id of areas.regionIds)
    if (lookups.get('region', id)?.active !== true) throw new DomainError('InvalidArea', { regionId: id });
  for (const id of areas.cityIds) {
    const city = lookups.get('city', id);
    if (city?.active !== true || city.parentId === null || !areas.regionIds.includes(city.parentId))
      throw new DomainError('CityNotInRegions', { cityId: id });
  }
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
