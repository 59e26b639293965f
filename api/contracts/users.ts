import { z } from 'zod';
import { AfterQuery, CommandAccepted, GridPage, PageSize } from './common.ts';
import { endpoint } from './endpoint.ts';
import * as P from './primitives.ts';

const tags = ['users'];

export const LoginLogRow = z
  .object({
    at: z.string(),
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    loginStatus: z.number().int(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'LoginLogRow' });
export type LoginLogRow = z.infer<typeof LoginLogRow>;

/** The users log (GetUsersLogReportData): every login attempt, newest first, for admins. */
export const loginLog = endpoint({
  permission: { screen: 'users', action: 'View' },
  method: 'GET',
  path: '/api/users/login-log',
  query: AfterQuery.extend({ pageSize: PageSize, page: P.page, loginStatus: P.queryInt(1, 7).optional() }),
  response: GridPage(LoginLogRow),
  tags,
});

export const UserAreas = z.object({ regionIds: z.array(P.id).max(100), cityIds: z.array(P.id).max(1000) });

/** Region and city permissions (spec: EditUserAreas): they restrict what a staff member sees and acts on. */
export const assignAreas = endpoint({
  permission: { screen: 'permissions', action: 'Edit' },
  method: 'POST',
  path: '/api/users/:id/areas',
  params: z.object({ id: P.uuid() }),
  body: UserAreas,
  response: CommandAccepted,
  tags,
});

export const StaffMember = z
  .object({ id: z.string(), nameAr: z.string(), nameEn: z.string(), roleId: z.number().int() })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;

/** Staff members who can be named as the reviewer of an interview (spec: home/getStaffMembers/read). */
export const staffMembers = endpoint({
  permission: { screen: 'registrationadmin', action: 'View' },
  method: 'GET',
  path: '/api/staff-members',
  response: z.array(StaffMember),
  tags,
});
