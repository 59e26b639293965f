import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type ErrorCode, ErrorCodes } from '../../domain/shared/errors.ts';

/** HTTP status by catalogue code: 422 validation, 401 sign-in, 403, 404, 409 rule or conflict (the default), 428, 429, 503 (the client's HR system unreachable). */
const STATUS: Partial<Record<ErrorCode, number>> = {
  ValidationFailed: 422,
  AllFieldsRequired: 422,
  Error_ReqCredentials: 422,
  PasswordsNotMatched: 422,
  WeakPassword: 422,
  WrongOldPassword: 422,
  Error_WrongActivationLink: 422,
  InvalidIdNo: 422,
  EmployeeCodeNotMatched: 422,
  GenericFillFormError: 422,
  CertificateExpiryInvalid: 422,
  EmployeeDirectoryUnavailable: 503,
  IdentityServiceUnavailable: 503,
  SsoUnavailable: 503,
  SsoFailed: 401,
  IdentityVerificationRequired: 401,
  CertificateNotReady: 503,
  PostCardNameRequired: 422,
  NoEventFound: 404,
  InvalidMobile: 422,
  InvalidEmail: 422,
  InvalidUserName: 422,
  InvalidAge: 422,
  InvalidDate: 422,
  InvalidIdType: 422,
  RegionNotAllowed: 422,
  AgreementRequired: 422,
  DuplicatesNotAllowed: 422,
  EmptyText: 422,
  FileTooLarge: 422,
  InvalidFileType: 422,
  UnknownFile: 422,
  UploadQuotaExceeded: 429,
  AppointmentInPast: 422,
  InitialAcceptIncomplete: 422,
  RejectReasonRequired: 422,
  PleasefillAllDetails: 422,
  PleaseSelectSubscribers: 422,
  InvalidEventDates: 422,
  EventStartTooSoon: 422,
  InvalidCount: 422,
  InvalidTargetRange: 422,
  InvalidColourCode: 422,
  BatchRejected: 422,
  EventLeadMobileRequired: 422,
  DeleteReasonRequired: 422,
  InvalidHours: 422,
  InvalidNumber: 422,
  InvalidText: 422,
  TextTooLong: 422,
  InvalidTime: 422,
  UnknownRole: 422,
  InvalidRole: 422,
  InvalidDepartment: 422,
  // Input the form should have caught (a missing field, a link or a list out of bounds): 422 like the rest.
  InvalidLink: 422,
  TooManyImages: 422,
  TicketTitleRequired: 422,
  TicketTypeRequired: 422,
  TicketDescriptionRequired: 422,
  EventisRequired: 422,
  ActionResponseRequired: 422,
  TicketActionRequired: 422,
  AnswerAllQuestions: 422,
  StartTimeRequired: 422,
  InvalidArea: 422,
  CityNotInRegion: 422,
  InvalidEventType: 422,
  UnknownScreen: 422,
  ActionNotOnScreen: 422,
  WrongCaptcha: 401,
  WrongInfo: 401,
  DeactivatedUser: 401,
  Locked: 401,
  InvalidNIC: 401,
  EmailVerification: 401,
  Unauthorized: 401,
  SessionExpired: 401,
  Forbidden: 403,
  CsrfRejected: 403,
  NotAuthorizedToAccept: 403,
  NotFound: 404,
  PasswordChangeRequired: 428,
  TooManyRequests: 429,
  InternalServerError: 500,
};

/** English fallback text; the web app shows its own translation of the code in Arabic or English. */
const MESSAGE: Partial<Record<ErrorCode, string>> = {
  Error_ReqCredentials: 'Enter user name and password',
  WrongInfo: 'Invalid information provided',
  DeactivatedUser: 'Account deactivated; contact the administrator',
  Locked: 'User is locked; reset your password or try later',
  InvalidNIC: 'National identity sign-in required',
  EmailVerification: 'E-mail verification pending',
  PasswordsNotMatched: 'Password and Confirm passwords does not match',
  WeakPassword: 'Weak password',
  WrongOldPassword: 'The current password is wrong',
  Unauthorized: 'Sign in first',
  SessionExpired: 'Session expired',
  Forbidden: 'Forbidden',
  CsrfRejected: 'Missing or wrong CSRF token',
  PasswordChangeRequired: 'Change your password first',
  NotFound: 'Not found',
  ValidationFailed: 'Invalid request',
  TooManyRequests: 'Too many requests',
  ConcurrencyConflict: 'The record changed meanwhile; try again',
  IdempotencyKeyReused: 'This Idempotency-Key was used for another request',
  InternalServerError: 'An error has been occurred, please contact system admin.',
};

export function statusOf(code: ErrorCode): number {
  return STATUS[code] ?? 409;
}

export function errorBody(code: ErrorCode, details?: Record<string, unknown>) {
  return { error: { code, message: MESSAGE[code] ?? code, ...(details ? { details } : {}) } };
}

export function sendError(reply: FastifyReply, code: ErrorCode, details?: Record<string, unknown>) {
  return reply.code(statusOf(code)).send(errorBody(code, details));
}

const CATALOGUE: ReadonlySet<string> = new Set(ErrorCodes);

/** The first catalogue code a primitive (api/contracts/primitives.ts) put on an issue; ValidationFailed otherwise. */
export function validationCode(issues: readonly { message?: string | undefined }[]): ErrorCode {
  const hit = issues.find((i) => i.message !== undefined && CATALOGUE.has(i.message));
  return (hit?.message as ErrorCode | undefined) ?? 'ValidationFailed';
}

export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DomainError) return sendError(reply, err.code, err.details);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
    return sendError(reply, validationCode(issues), { in: err.validationContext, issues });
  }
  if (err.statusCode === 429) return sendError(reply, 'TooManyRequests');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return reply
      .code(err.statusCode)
      .send(errorBody(err.statusCode === 404 ? 'NotFound' : 'ValidationFailed', { reason: err.message }));
  }
  req.log.error({ err }, 'unhandled error');
  return sendError(reply, 'InternalServerError');
}

/** What the router refuses before any route runs (an undecodable URL, a path parameter too long), with a catalogue code. */
export function frameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  reply.code(status).send(errorBody('ValidationFailed', { reason: err.code }));
}
