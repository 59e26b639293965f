import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../commands/db/embedded.ts';
import { candidateServerUrl, serverAnswers } from './server-url.ts';

let embedded: EmbeddedServer | null = null;

/** Real PostgreSQL for integration tests: the configured server, or an embedded one on a machine without any. */
export async function setup(project: TestProject): Promise<void> {
  let url = candidateServerUrl();
  if (!(await serverAnswers(url))) {
    process.stdout.write(`[tests] no PostgreSQL answers at ${new URL(url).host}; starting the embedded server\n`);
    embedded = await startEmbeddedPostgres(join(process.cwd(), '.data', 'test-pg'), 54330);
    url = embedded.url;
  }
  project.provide('pgServerUrl', url);
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}
