import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CITIZENS, type Citizen } from './citizens.ts';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 10_000) return null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A national identity service of the HTTP shape HttpIdentityService speaks (POST /identity/verify), answering for
 * fixture citizens: the embedded default starts it when NIC_URL is not set, and the tests start it.
 */
export function startLocalNicServer(opts: { port?: number; citizens?: readonly Citizen[] } = {}): Promise<LocalServer> {
  const citizens = opts.citizens ?? CITIZENS;
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/identity/verify') return send(404, { error: 'NoSuchCall' });
    const body = (await jsonBody(req)) as { nationalId?: unknown; birthDate?: unknown } | null;
    if (typeof body?.nationalId !== 'string' || typeof body.birthDate !== 'string')
      return send(400, { error: 'BadRequest' });
    const found = citizens.find((c) => c.record.nationalId === body.nationalId);
    if (!found) return send(404, { error: 'NotFound' });
    if (found.record.birthDate !== body.birthDate) return send(422, { error: 'Invalid' });
    return send(200, { record: found.record });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
