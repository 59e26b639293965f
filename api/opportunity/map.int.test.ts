import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

// The map's query at the HTTP boundary, and a deployment's map tiles reaching the web (GET /api/config) with the
// content security policy opened to their origin. The map's rows themselves: projections/opportunity/map.int.test.ts.

const tiles = { url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example maps' };
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal({ mapTiles: tiles });
});
afterAll(async () => {
  await portal?.close();
});

describe('the map over HTTP', () => {
  it('sends the tiles in the public config and lets images come from their origin', async () => {
    const res = await new Browser(portal.app).get('/api/config');
    expect(res.json().mapTiles).toEqual(tiles);
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://*.tiles.example.org;");
  });

  it('takes the list filters and refuses malformed ones with a catalogue code (422)', async () => {
    const anonymous = new Browser(portal.app);
    const ok = await anonymous.get('/api/opportunities/map?regionId=1&status=2&code=EV-1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([]);
    const refused: [string, number, string][] = [];
    for (const q of ['status=9', 'regionId=abc', 'attendanceType=4', `code=${'x'.repeat(31)}`]) {
      const bad = await anonymous.get(`/api/opportunities/map?${q}`);
      refused.push([q.split('=')[0]!, bad.statusCode, bad.json().error.code]);
    }
    expect(refused).toEqual([
      ['status', 422, 'InvalidNumber'],
      ['regionId', 422, 'InvalidNumber'],
      ['attendanceType', 422, 'InvalidNumber'],
      ['code', 422, 'TextTooLong'],
    ]);
  });
});
