import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CITIZENS, type Citizen } from './citizens.ts';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** A small request body as text (a local server's forms and JSON; anything past 10 kB is cut off). */
export async function smallBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 10_000) break;
  }
  return text;
}

/** Listens on the loopback (port 0: any free one) and answers the server's address and how to close it. */
export function listenLocally(server: Server, port: number): Promise<LocalServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await smallBody(req));
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
  return listenLocally(server, opts.port ?? 0);
}
