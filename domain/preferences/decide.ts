import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';

/**
 * A user's preferences (spec entity Preferences: ReceiveEmail, ReceiveSms, PreferredLanguage), on their own stream
 * `preferences-<userId>`: the account stream keeps what signing in needs; these only steer mails and messages.
 */
export const LANGUAGES = ['ar', 'en'] as const;
export type PreferredLanguage = (typeof LANGUAGES)[number];

export interface Preferences {
  receiveEmail: boolean;
  receiveSms: boolean;
  preferredLanguage: PreferredLanguage;
}

/** Before any choice: mails and messages on, Arabic (the portal's default language). */
export const DEFAULT_PREFERENCES: Preferences = { receiveEmail: true, receiveSms: true, preferredLanguage: 'ar' };

export type PreferencesEvent = DomainEvent<'PreferencesChanged', Preferences & { previous: Preferences; at: string }>;
export type PreferencesCommand = { type: 'ChangePreferences' } & Preferences;

export const preferencesStream = (userId: string) => `preferences-${userId}`;
export const PREFERENCES_STREAM_PREFIX = 'preferences-';

export const preferencesEvents: EventTypes<PreferencesEvent> = eventTypes<PreferencesEvent>({
  PreferencesChanged: true,
});

export const preferencesDecider: Decider<Preferences, PreferencesCommand, PreferencesEvent> = {
  events: preferencesEvents,
  initialState: () => ({ ...DEFAULT_PREFERENCES }),
  evolve: (_s, e) => ({
    receiveEmail: e.data.receiveEmail,
    receiveSms: e.data.receiveSms,
    preferredLanguage: e.data.preferredLanguage,
  }),
  decide(cmd, s, now) {
    if (typeof cmd.receiveEmail !== 'boolean') throw new DomainError('ValidationFailed', { field: 'receiveEmail' });
    if (typeof cmd.receiveSms !== 'boolean') throw new DomainError('ValidationFailed', { field: 'receiveSms' });
    if (!(LANGUAGES as readonly string[]).includes(cmd.preferredLanguage))
      throw new DomainError('ValidationFailed', { field: 'preferredLanguage' });
    const next: Preferences = {
      receiveEmail: cmd.receiveEmail,
      receiveSms: cmd.receiveSms,
      preferredLanguage: cmd.preferredLanguage,
    };
    // Saving what is already set writes nothing.
    if (
      next.receiveEmail === s.receiveEmail &&
      next.receiveSms === s.receiveSms &&
      next.preferredLanguage === s.preferredLanguage
    )
      return [];
    return [{ type: 'PreferencesChanged', data: { ...next, previous: s, at: now.toISOString() } }];
  },
};
