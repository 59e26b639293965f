import { beforeEach, describe, expect, it } from 'vitest';
import { lastPosition, rememberPosition } from '../../lib/readYourWrites.ts';
import { resetSessionStore, useSessionStore } from './session.ts';

const user = { id: 'u1', userName: 'ali', roles: [] } as never;

beforeEach(() => resetSessionStore());

describe('session store and read-your-writes', () => {
  it('forgets the last written position when the session ends (sign-out, expiry, 403)', () => {
    useSessionStore.getState().setLoggedIn(user, 'csrf');
    rememberPosition('12.12');
    expect(lastPosition()).toBe('12.12');
    useSessionStore.getState().clear();
    expect(lastPosition()).toBeNull();
    expect(useSessionStore.getState().status).toBe('anonymous');
  });

  it('starts a reset store without a position', () => {
    rememberPosition('7.7');
    resetSessionStore();
    expect(lastPosition()).toBeNull();
  });
});
