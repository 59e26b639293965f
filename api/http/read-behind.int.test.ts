import { describe, expect, it } from 'vitest';
import { formatPosition } from '../../commands/event-store/port.ts';
import { eventDetails } from '../../tests/support/event-form.ts';
import { Browser, portalForFile, signedIn } from '../../tests/support/portal.ts';
import { READ_BEHIND_HEADER } from '../contracts/common.ts';

// Read-your-writes under load: a read whose `after` the read models have not reached within the wait is answered
// with what they hold, marked x-read-behind, so that the web reads again (web/src/app/api.ts).
const file = portalForFile();

describe('a read answered before the read models reached its position', () => {
  it('is marked x-read-behind; a read whose position is reached, or that names none, is not', async () => {
    const staff = await signedIn(file.portal.app, 'staff', 'Staff@2026!');
    const created = await staff.post('/api/opportunities', eventDetails());
    expect(created.statusCode).toBe(201);
    const visitor = new Browser(file.portal.app);
    const reached = await visitor.get(`/api/opportunities?after=${created.json().position}`);
    expect([reached.statusCode, reached.headers[READ_BEHIND_HEADER]]).toEqual([200, undefined]);
    const plain = await visitor.get('/api/opportunities');
    expect(plain.headers[READ_BEHIND_HEADER]).toBeUndefined();
    // A position the log has not reached: the wait runs out (5 s in the test portal), the answer is marked.
    const ahead = formatPosition({ commit: 1n << 60n, prepare: 1n << 60n });
    const behind = await visitor.get(`/api/opportunities?after=${ahead}`);
    expect([behind.statusCode, behind.headers[READ_BEHIND_HEADER]]).toEqual([200, '1']);
  }, 30_000);
});
