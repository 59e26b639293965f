// The load generator of bench/load.ts, in a process of its own: closed-loop HTTP clients over a list of jobs, each job
// sent once. Plain node:http with keep-alive: fetch costs ~0.3 ms more CPU per request on these machines (measured
// 2,800 against 7,600 requests/s on a bare Fastify route), which would be taken from the portal it measures.
import http from 'node:http';
import type { LoadJob, LoadResult, LoadSpec } from './load.ts';

function send(agent: http.Agent, base: URL, job: LoadJob): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { cookie: job.cookie, 'x-csrf-token': job.csrf };
    if (job.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(job.body);
    }
    const req = http.request(
      { host: base.hostname, port: base.port, path: job.path, method: job.method, agent, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(job.body);
  });
}

process.once('message', async (spec: LoadSpec) => {
  const factory = spec.factory
    ? ((await import(spec.factory)) as { jobFor(i: number, payload: unknown): LoadJob })
    : null;
  const make = (i: number) => (factory ? factory.jobFor(i, spec.payload) : (spec.payload as LoadJob[])[i]!);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.clients });
  const bases = (spec.bases?.length ? spec.bases : [spec.base]).map((b) => new URL(b));
  let next = 0;
  let measuring = false;
  let stop = false;
  let errors = 0;
  const lat: number[] = [];
  const succeeded: number[] = [];
  const client = async (_: unknown, k: number) => {
    const base = bases[k % bases.length]!;
    while (!stop) {
      const i = next++;
      if (i >= spec.count) return;
      const job = make(i);
      const start = performance.now();
      const status = await send(agent, base, job).catch(() => 0);
      const took = performance.now() - start;
      if (status !== 200) errors++;
      else {
        succeeded.push(i);
        if (measuring) lat.push(took);
      }
    }
  };
  const running = Array.from({ length: spec.clients }, client);
  await new Promise((r) => setTimeout(r, spec.warmupMs));
  measuring = true;
  process.send!({ type: 'start' });
  const m0 = performance.now();
  await new Promise((r) => setTimeout(r, spec.measureMs));
  measuring = false;
  const seconds = (performance.now() - m0) / 1000;
  process.send!({ type: 'end' });
  stop = true;
  await Promise.all(running);
  agent.destroy();
  const result: LoadResult = { rate: lat.length / seconds, lat, errors, succeeded, seconds };
  process.send!({ type: 'done', result }, () => process.exit(0));
});
