import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Citizen } from './citizens.ts';
import { assertSandboxAllowed, localNicAnswer, type NicMode } from './sandbox.ts';

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

/** The local identity service: its address, and (tests) a switch that makes it answer 503 as an outage would. */
export interface LocalNicServer extends LocalServer {
  mode: NicMode;
  setAvailable(available: boolean): void;
}

/**
 * A national identity service of the HTTP shape HttpIdentityService speaks (POST /identity/verify). STRICT (the
 * default): it answers for the fixture citizens only. SANDBOX (workers/identity/sandbox.ts; `idPattern` is the
 * client's id-number pattern): any id of that pattern gets a record built from the id and birth date asked; never
 * with NIC_URL set or in production. The embedded default starts it when NIC_URL is not set, and the tests start it.
 */
export async function startLocalNicServer(
  opts: { port?: number; citizens?: readonly Citizen[]; mode?: NicMode; idPattern?: RegExp } = {},
): Promise<LocalNicServer> {
  const mode = opts.mode ?? 'strict';
  if (mode === 'sandbox') {
    assertSandboxAllowed({ nicUrl: process.env.NIC_URL });
    if (!opts.idPattern) throw new Error('the identity sandbox needs the client id-number pattern');
  }
  let available = true;
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/identity/verify') return send(404, { error: 'NoSuchCall' });
    const body = (await jsonBody(req)) as { nationalId?: unknown; birthDate?: unknown } | null;
    if (!available) return send(503, { error: 'Unavailable' });
    if (typeof body?.nationalId !== 'string' || typeof body.birthDate !== 'string')
      return send(400, { error: 'BadRequest' });
    const answer = localNicAnswer(
      { nationalId: body.nationalId, birthDate: body.birthDate },
      { mode, idPattern: opts.idPattern, citizens: opts.citizens },
    );
    if (answer.found) return send(200, { record: answer.record });
    return send(answer.reason === 'NotFound' ? 404 : 422, { error: answer.reason });
  });
  const started = await listenLocally(server, opts.port ?? 0);
  return {
    ...started,
    mode,
    setAvailable(v: boolean) {
      available = v;
    },
  };
}
