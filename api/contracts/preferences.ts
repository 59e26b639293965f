import { z } from 'zod';
import { LANGUAGES } from '../../domain/preferences/decide.ts';
import { CommandAccepted, strictBody } from './common.ts';
import { endpoints } from './endpoint.ts';

/** Spec entity Preferences (ReceiveEmail, ReceiveSms, PreferredLanguage); the password is changed beside it. */
export const Preferences = strictBody('Preferences', {
  receiveEmail: z.boolean(),
  receiveSms: z.boolean(),
  preferredLanguage: z.enum(LANGUAGES),
});
export type Preferences = z.infer<typeof Preferences>;

const preferences = endpoints('preferences');

/** Spec: GET preferences. */
export const getPreferences = preferences.get('/api/me/preferences', { response: Preferences });
/** Spec: POST updatePreferences (the password goes to /api/session/change-password, the spec's updatePassword). */
export const updatePreferences = preferences.post('/api/me/preferences', {
  body: Preferences,
  response: CommandAccepted,
});
