import { z } from 'zod';
import { CommandAccepted, CommandOnId, Lang, NewPassword, named } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';

/** The captcha widget's answer (ALTCHA: base64 of the solved challenge); required only where the captcha is on. */
export const CaptchaField = P.text(4000).optional();

/** An ALTCHA proof-of-work challenge, signed by the server (the widget solves it in a worker). */
export const CaptchaChallenge = named('CaptchaChallenge', {
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

/** Whether the captcha is on here (the spec hides it in a local environment) and, when it is, a fresh challenge. */
export const CaptchaChallengeAnswer = named('CaptchaChallengeAnswer', {
  enabled: z.boolean(),
  challenge: CaptchaChallenge.nullable(),
});
export type CaptchaChallengeAnswer = z.infer<typeof CaptchaChallengeAnswer>;

export const ForgotRequest = named('ForgotRequest', {
  email: P.text(254),
  captcha: CaptchaField,
  /** The language of the page that asked (spec: lang); the mail carries both. */
  lang: Lang.optional(),
});
export type ForgotRequest = z.infer<typeof ForgotRequest>;

/** The same answer whether or not an account has that address: nothing tells who is registered. */
export const ForgotAnswer = named('ForgotAnswer', { accepted: z.literal(true) });
export type ForgotAnswer = z.infer<typeof ForgotAnswer>;

export const ResetPasswordRequest = named('ResetPasswordRequest', {
  token: P.token(200),
  ...NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const RegenerateVerificationRequest = named('RegenerateVerificationRequest', {
  token: P.token(200),
  lang: Lang.optional(),
});
/** "400" a new link was mailed (RegeneratedEmailMessage), "200" already verified (AlreadyVerifiedEmailMessage). */
export const RegenerateVerificationResult = named('RegenerateVerificationResult', {
  result: z.enum(['200', '400']),
  position: z.string(),
});
export type RegenerateVerificationResult = z.infer<typeof RegenerateVerificationResult>;

const recovery = endpoints('recovery');

export const captchaChallenge = recovery.get('/api/captcha/challenge', { response: CaptchaChallengeAnswer });

/** A visitor's "I forgot" form at `path` (email, reCaptchaResponse, lang): something is mailed to the address. */
const forgotForm = <const Path extends string>(path: Path) =>
  recovery.post(path, { body: ForgotRequest, response: ForgotAnswer, errors: [401, 422] });

/** Spec ForgetPassword: mails a link valid 6 days. */
export const forgotPassword = forgotForm('/api/account/forgot-password');
/** Spec ForgetUsername: mails the user name. */
export const forgotUserName = forgotForm('/api/account/forgot-username');

/** Spec ChangeForgottenPassword (token, newPass): Error_WrongActivationLink when unknown, used or expired. */
export const resetPassword = recovery.post('/api/account/reset-password', {
  body: ResetPasswordRequest,
  response: CommandAccepted,
  errors: [422],
});

/** Spec RegenerateEmailVerifyLink {token, lang}: a new verification link from the one the user holds. */
export const regenerateVerification = recovery.post('/api/email-verification/regenerate', {
  body: RegenerateVerificationRequest,
  response: RegenerateVerificationResult,
  errors: [422],
});

/** An admin sends a user the forgotten-password mail. */
export const sendPasswordReset = recovery.post('/api/users/:id/password-reset', {
  ...CommandOnId,
  permission: staff('users', 'Edit'),
  errors: [401, 404],
});
