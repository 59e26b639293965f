// The floor's load (bench/load.ts `factory`): it writes nothing, so its requests can repeat — the peer's join requests
// over and over, as many as the window takes.
import type { LoadJob } from '../load.ts';

export const jobFor = (i: number, jobs: LoadJob[]): LoadJob => jobs[i % jobs.length]!;
