// The public home page in Chromium on a throttled profile (issue 11, "Speed"): 4× CPU slowdown and fast 3G
// (150 ms latency, 1.6 Mbps down, 750 kbps up), a cold cache each run, 5 runs, the median.
//   node_modules/.bin/node bench/public-site.ts [--url http://127.0.0.1:3000] [--lang ar|en] [--runs 5]
// Without --url it starts a portal as the e2e journeys do (`npm start` on the embedded database, no demo data).
// --serve <dist> compares builds: the page comes from that folder (its .br files when present, as the portal's
// preCompressed) through a small server on this machine, and /api from the portal (--url, or the one started).
// Figures: first and largest contentful paint, the bytes transferred (all, and scripts), and the page's scripts
// gzipped as read from web/dist (what they weigh compressed, whether or not the server compresses them).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../tests/support/chromium.ts';
import { npmStart, type StartedPortal } from '../tests/support/npm-start.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(arg('runs') ?? 5);
const lang = arg('lang') === 'en' ? 'en' : 'ar';
// --dist: the build the portal at --url serves (another checkout's web/dist), for the gzipped figure.
const served = arg('serve');
const dist = served ?? arg('dist') ?? join(import.meta.dirname, '..', 'web', 'dist');

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  css: 'text/css',
  html: 'text/html',
  svg: 'image/svg+xml',
};

/** Serves `root` (a build folder, its index.html for any other address) and forwards /api and /files to `portal`. */
async function serveBuild(root: string, portal: URL): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path.startsWith('/api/') || path.startsWith('/files/')) {
      const headers = { ...req.headers, host: portal.host };
      const out = request(
        { host: portal.hostname, port: portal.port, path: req.url, method: req.method, headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(out);
      return;
    }
    let file = join(root, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    const br = String(req.headers['accept-encoding'] ?? '').includes('br') && existsSync(`${file}.br`);
    const type = TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, ...(br ? { 'content-encoding': 'br', vary: 'accept-encoding' } : {}) });
    res.end(readFileSync(br ? `${file}.br` : file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

interface Run {
  fcpMs: number;
  lcpMs: number;
  bytes: number;
  scriptBytes: number;
  scriptsGzip: number;
  scripts: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function main() {
  const given = arg('url');
  const portal: StartedPortal | undefined = given ? undefined : await npmStart();
  const server = served ? await serveBuild(served, new URL(given ?? portal?.url ?? '')) : undefined;
  const url = server ? `http://127.0.0.1:${(server.address() as AddressInfo).port}` : (given ?? portal?.url ?? '');
  const browser = await launchChromium();
  const results: Run[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const types = new Map<string, string>();
      const paths = new Map<string, string>();
      let bytes = 0;
      let scriptBytes = 0;
      cdp.on('Network.responseReceived', (e) => {
        types.set(e.requestId, e.type);
        paths.set(e.requestId, new URL(e.response.url).pathname);
      });
      const scripts = new Set<string>();
      cdp.on('Network.loadingFinished', (e) => {
        bytes += e.encodedDataLength;
        if (types.get(e.requestId) === 'Script') {
          scriptBytes += e.encodedDataLength;
          const p = paths.get(e.requestId);
          if (p?.startsWith('/assets/')) scripts.add(p);
        }
      });
      await page.evaluateOnNewDocument(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${url}/${lang}`, { waitUntil: 'networkidle0', timeout: 180_000 });
      await page.waitForSelector('main h1, main h2', { timeout: 60_000 });
      const paint = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
        lcp: (window as unknown as { __lcp: number }).__lcp,
      }));
      const scriptsGzip = [...scripts].reduce(
        (n, p) => n + gzipSync(readFileSync(join(dist, p)), { level: 9 }).length,
        0,
      );
      const run = {
        fcpMs: Math.round(paint.fcp),
        lcpMs: Math.round(paint.lcp),
        bytes,
        scriptBytes,
        scriptsGzip,
        scripts: scripts.size,
      };
      console.log(`run ${i + 1}:`, JSON.stringify(run));
      results.push(run);
      await context.close();
    }
  } finally {
    await browser.close();
    server?.close();
    await portal?.stop();
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const m = (k: keyof Run) => median(results.map((r) => r[k]));
  console.log(
    `\nHome page /${lang}, ${runs} runs, median (4× CPU slowdown, fast 3G: 150 ms, 1.6 Mbps down, 750 kbps up)`,
  );
  console.log(
    '| first contentful paint | largest contentful paint | bytes transferred | scripts transferred | scripts gzipped | scripts |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| ${m('fcpMs')} ms | ${m('lcpMs')} ms | ${kb(m('bytes'))} | ${kb(m('scriptBytes'))} | ${kb(m('scriptsGzip'))} | ${m('scripts')} |`,
  );
}

await main();
