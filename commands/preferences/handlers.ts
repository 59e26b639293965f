import { type Preferences, preferencesDecider, preferencesStream } from '../../domain/preferences/decide.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';

export async function changePreferences(
  store: EventStore,
  userId: string,
  prefs: Preferences,
  ctx: CommandContext,
): Promise<Position> {
  return (
    await handleCommand(
      store,
      preferencesStream(userId),
      preferencesDecider,
      { type: 'ChangePreferences', ...prefs },
      ctx,
    )
  ).position;
}

/** The user's preferences read from their stream (consistent: a mail job asks right before sending). */
export async function loadPreferences(store: EventStore, userId: string): Promise<Preferences> {
  return (await loadFolded(store, preferencesStream(userId), preferencesDecider)).state;
}
