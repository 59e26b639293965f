// The API process of the scaled topology (docker-compose): HTTP and the web app; projections and jobs run in

import { join } from 'node:path';
// workers/main.ts. With WORKERS_IN_PROCESS=1 it runs them too (a single-process deployment on external services).
import { configFromEnv, onStop } from '../workers/config.ts';
import { createRuntime, depsFrom } from '../workers/runtime.ts';
import { buildApp } from './app.ts';

const runtime = await createRuntime(configFromEnv());
if (process.env.WORKERS_IN_PROCESS === '1') await runtime.startWorkers();
else await runtime.awaitPermissions();
// Secure cookies, HSTS and the trusted proxies come from SECURE_COOKIES, PUBLIC_URL and TRUST_PROXY (api/app.ts).
const app = await buildApp(depsFrom(runtime, 2000), {
  filesDir: join(configFromEnv().dataDir, 'files'),
});
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '0.0.0.0' });
onStop(async () => {
  await app.close();
  await runtime.close();
});
