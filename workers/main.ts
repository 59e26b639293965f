// The workers process of the scaled topology (docker-compose): projection runners and job processors, no HTTP.
// Several may run: each projection's advisory lock keeps one active runner, the others wait as standbys.
import { configFromEnv, onStop } from './config.ts';
import { createRuntime } from './runtime.ts';

const runtime = await createRuntime(configFromEnv());
await runtime.startWorkers();
console.log(
  `workers: ${runtime.projections.length} projections; events: ${runtime.store.kind}; jobs: ${runtime.queue.kind}`,
);
onStop(() => runtime.close());
