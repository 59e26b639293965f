import { createServer, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenceRegistryUnavailableError } from '../../commands/practitioner/licence-registry.ts';
import { HttpLicenceRegistry } from '../../commands/practitioner/licence-registry-http.ts';
import { type LocalServer, listenLocally } from '../identity/local-nic-server.ts';
import { type LocalCfhsServer, startLocalCfhsServer } from './local-cfhs-server.ts';

// The HTTP adapter's failures against real local HTTP servers (no mocked fetch): each one is
// LicenceRegistryUnavailableError, which makes the check's job retry and write nothing.

/** A register whose every answer is written by `answer` (or never, when it returns without ending the response). */
let answer: (res: ServerResponse) => void = () => {};
let raw: LocalServer;
let local: LocalCfhsServer;
const held: ServerResponse[] = [];

beforeAll(async () => {
  raw = await listenLocally(
    createServer((_req, res) => {
      held.push(res);
      answer(res);
    }),
    0,
  );
  local = await startLocalCfhsServer({ apiKey: 'secret' });
});
afterAll(async () => {
  for (const r of held) r.destroy();
  await raw.close();
  await local.close();
});

const unavailable = (p: Promise<unknown>, message: RegExp) =>
  expect(p).rejects.toSatisfy((e) => e instanceof LicenceRegistryUnavailableError && message.test(e.message));

const json = (status: number, body: string) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
};

describe('HttpLicenceRegistry', () => {
  it('sends the API key and answers through the local server; without the key the register refuses', async () => {
    expect(await new HttpLicenceRegistry(local.url, { apiKey: 'secret' }).lookup('15RM0000066')).toEqual({
      statusId: 6,
      classification: null,
      licenceExpiryDate: null,
    });
    await unavailable(new HttpLicenceRegistry(local.url).lookup('15RM0000066'), /answered 401/);
  });

  it('is unavailable while the register is down (503), and answers again once it is back', async () => {
    const r = new HttpLicenceRegistry(local.url, { apiKey: 'secret' });
    local.setAvailable(false);
    await unavailable(r.lookup('12RM0012345'), /answered 503/);
    local.setAvailable(true);
    expect(await r.lookup('12RM0012345')).toMatchObject({ statusId: 8 });
  });

  it('is unavailable when nothing listens at the address', async () => {
    const gone = await listenLocally(createServer(), 0);
    await gone.close();
    await unavailable(new HttpLicenceRegistry(gone.url).lookup('12RM0012345'), /unreachable/);
  });

  it('gives up after its time-out when the register does not answer, or stalls in the middle of its body', async () => {
    answer = () => {};
    const r = new HttpLicenceRegistry(raw.url, { timeoutMs: 150 });
    const started = Date.now();
    await unavailable(r.lookup('12RM0012345'), /unreachable/);
    expect(Date.now() - started).toBeLessThan(2_000);
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"statusId":');
    };
    await unavailable(r.lookup('12RM0012345'), /unreachable/);
  });

  it('is unavailable for an answer that is not the protocol’s', async () => {
    const r = new HttpLicenceRegistry(raw.url, { timeoutMs: 2_000 });
    const cases: [(res: ServerResponse) => void, RegExp][] = [
      [json(200, '<html>maintenance</html>'), /not JSON/],
      [json(200, '{"statusId":12,"classification":null,"licenceExpiryDate":null}'), /not understood/],
      [json(200, '{"statusId":"8"}'), /not understood/],
      [json(200, '{"statusId":8,"classification":{"ar":"ممرض"},"licenceExpiryDate":null}'), /not understood/],
      [json(200, '{"statusId":8,"classification":null,"licenceExpiryDate":"30/06/2028"}'), /not understood/],
      [json(200, '[]'), /not understood/],
      [json(500, '{"error":"boom"}'), /answered 500/],
      [json(302, ''), /answered 302/],
      [
        (res) => {
          res.writeHead(307, { location: `${local.url}/licences/12RM0012345` });
          res.end();
        },
        /answered 307/,
      ],
    ];
    for (const [a, message] of cases) {
      answer = a;
      await unavailable(r.lookup('12RM0012345'), message);
    }
  });

  it('takes a well-formed answer, missing optional fields as null, and a 404 as an unknown number', async () => {
    const r = new HttpLicenceRegistry(raw.url, { timeoutMs: 2_000 });
    answer = json(200, '{"statusId":2}');
    expect(await r.lookup('20RM0000002')).toEqual({ statusId: 2, classification: null, licenceExpiryDate: null });
    answer = json(404, '{"error":"NotFound"}');
    expect(await r.lookup('20RM0000002')).toBeNull();
  });
});
