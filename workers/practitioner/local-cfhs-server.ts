import { createServer } from 'node:http';
import { FIXTURE_LICENCES, type LicenceRegistry } from '../../commands/practitioner/licence-registry.ts';
import { CFHS_API_KEY_HEADER } from '../../commands/practitioner/licence-registry-http.ts';
import { type LocalServer, listenLocally } from '../identity/local-nic-server.ts';

/** The local licensing register: its address, and (tests) a switch that makes it answer 503 as an outage would. */
export interface LocalCfhsServer extends LocalServer {
  setAvailable(available: boolean): void;
}

/** The fixture licences as a register (the local server's default source). */
const fixtureRegistry: LicenceRegistry = {
  lookup: async (n) => FIXTURE_LICENCES[n.trim().toUpperCase()] ?? null,
};

/**
 * A licensing register of the HTTP shape HttpLicenceRegistry speaks (GET /licences/<number> → 200 answer, 404
 * unknown). It answers from `source`: by default the fixture licences; `npm start` (without CFHS_URL) gives it the
 * local export adapter (<dataDir>/licences.json, else the fixtures), so the embedded default checks numbers through
 * the HTTP adapter end to end. With `apiKey`, a request without that key answers 401. A source that cannot answer
 * (a broken export) answers 503.
 */
export async function startLocalCfhsServer(
  opts: { port?: number; source?: LicenceRegistry; apiKey?: string } = {},
): Promise<LocalCfhsServer> {
  const source = opts.source ?? fixtureRegistry;
  let available = true;
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const match = req.method === 'GET' ? /^\/licences\/([^/?]+)$/.exec(req.url ?? '') : null;
    if (!match?.[1]) return send(404, { error: 'NoSuchCall' });
    if (opts.apiKey && req.headers[CFHS_API_KEY_HEADER] !== opts.apiKey) return send(401, { error: 'Unauthorized' });
    if (!available) return send(503, { error: 'Unavailable' });
    let number: string;
    try {
      number = decodeURIComponent(match[1]);
    } catch {
      return send(400, { error: 'BadRequest' });
    }
    try {
      const answer = await source.lookup(number);
      return answer ? send(200, answer) : send(404, { error: 'NotFound' });
    } catch {
      return send(503, { error: 'Unavailable' });
    }
  });
  const started = await listenLocally(server, opts.port ?? 0);
  return {
    ...started,
    setAvailable(v: boolean) {
      available = v;
    },
  };
}
