import { z } from 'zod';
import { Actions } from '../../domain/permissions/screens.ts';
import { ClientCodes } from '../../domain/shared/clients.ts';
import { AfterQuery, CommandAccepted, NewPassword, NoContent, named, PositionText } from './common.ts';
import { endpoints } from './endpoint.ts';
import * as P from './primitives.ts';
import { CaptchaField } from './recovery.ts';

/** LoginStatus (spec section 4): Success 1, WrongCaptcha 2, WrongInfo 3, DeactivatedUser 4, Locked 5, InvalidNIC 6, EmailVerification 7. */
export const LoginStatus = {
  Success: 1,
  WrongCaptcha: 2,
  WrongInfo: 3,
  DeactivatedUser: 4,
  Locked: 5,
  InvalidNIC: 6,
  EmailVerification: 7,
} as const;
export type LoginStatus = (typeof LoginStatus)[keyof typeof LoginStatus];

/** The catalogue code of each LoginStatus but Success (the error a refused sign-in answers). */
export const LoginErrorCode = {
  3: 'WrongInfo',
  4: 'DeactivatedUser',
  5: 'Locked',
  6: 'InvalidNIC',
  7: 'EmailVerification',
} as const;

export { PASSWORD_SPECIALS } from '../../domain/account/password.ts';

export const SessionUser = named('SessionUser', {
  id: z.string(),
  userName: z.string(),
  name: z.object({ ar: z.string(), en: z.string() }),
  roleId: z.number().int().min(1).max(6),
  isRegistrationComplete: z.boolean(),
  isNicValid: z.boolean(),
  /** True until the first password change (spec: UpdatedPassword false forces the change-password screen). */
  mustChangePassword: z.boolean(),
  /** The volunteer's registration status (1–6), null without a registration (staff, seeded accounts). */
  registrationStatus: z.number().int().min(1).max(6).nullable(),
  /**
   * The staff member's department; null without one (a staff user is then told to contact a super admin). Always
   * sent; optional so that a client's fixture of a volunteer need not name it.
   */
  departmentId: z.number().int().nullable().optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionInfo = named('SessionInfo', {
  user: SessionUser.nullable(),
  /** Send back as the x-csrf-token header on every POST, PUT, PATCH and DELETE. */
  csrfToken: z.string(),
  idleTimeoutSeconds: z.number().int(),
  /** Seconds before the time-out at which the UI warns. */
  idleWarningSeconds: z.number().int(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const LoginRequest = named('LoginRequest', {
  userName: P.text(100),
  password: P.text(200),
  /** 1 Arabic, 2 English (spec: login language ids). */
  language: z.union([z.literal(1), z.literal(2)]).optional(),
  /** The solved captcha (spec: reCaptchaResponse), where the captcha is on. */
  captcha: CaptchaField,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** A successful login answers 200 with this; any other LoginStatus answers 401 with ErrorBody, details.loginStatus. */
export const LoginResponse = named('LoginResponse', {
  loginStatus: z.literal(1),
  user: SessionUser,
  csrfToken: z.string(),
  position: PositionText,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ChangePasswordRequest = named('ChangePasswordRequest', {
  oldPassword: P.text(200),
  ...NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const Permissions = named('Permissions', {
  roleId: z.number().int(),
  /** screen name (lower case) → permitted actions */
  screens: z.record(z.string(), z.array(z.enum(Actions))),
});
export type Permissions = z.infer<typeof Permissions>;

export const PublicConfig = named('PublicConfig', {
  clientCode: z.enum(ClientCodes),
  clientName: z.object({ ar: z.string(), en: z.string() }),
  homeView: z.string(),
  loginView: z.string(),
  hasSingleSignOn: z.boolean(),
  hasNotificationsHeader: z.boolean(),
  /** The captcha on login, forgot password and user name, and registration (spec: hidden when local). */
  captcha: z.boolean(),
  /** The practitioners' course (spec: Course_URL), shown after a practitioner's registration; null without one. */
  courseUrl: z.string().nullable(),
  /** The deployment's map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); null: the offline base layer only. */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

const session = endpoints('session');

/** The client's public settings (no session needed). */
export const getConfig = session.get('/api/config', { response: PublicConfig });

/** Who is signed in (null for a visitor, who gets a CSRF token); `?after=` waits for the read models. */
export const getSession = session.get('/api/session', { query: AfterQuery, response: SessionInfo });

/** LoginStatus 1 answers 200; any other 401 with details.loginStatus. */
export const login = session.post('/api/session/login', {
  body: LoginRequest,
  response: LoginResponse,
  errors: [401, 422],
});

/** A POST at `path` that only acts on the session and answers 204. */
const sessionSignal = <const Path extends string>(path: Path) =>
  session.post(path, { response: NoContent, status: 204 });

export const logout = sessionSignal('/api/session/logout');
/** Resets the idle timer. */
export const keepalive = sessionSignal('/api/session/keepalive');

export const changePassword = session.post('/api/session/change-password', {
  body: ChangePasswordRequest,
  response: CommandAccepted,
  errors: [422],
});

/** The signed-in user's screens and actions. */
export const myPermissions = session.get('/api/session/permissions', { response: Permissions });
