// The submit requests of bench/registration.ts, built in the load generator's process (bench/load-client.ts).
import { completeForm } from '../domain/registration/fixtures.ts';
import type { LoadJob } from './load.ts';

export const formOf = (n: string) =>
  completeForm({
    userName: `bench_${n}`,
    email: `bench${n}@example.org`,
    mobile: `0550${n}`,
    idNumber: `1000${n}`,
  });

export interface SubmitPayload {
  drafts: { n: string; cookie: string; csrf: string }[];
}

/** The volunteer's own form with one change, as the edit-registration page sends it (no password), submitted. */
export function jobFor(i: number, payload: SubmitPayload): LoadJob {
  const d = payload.drafts[i]!;
  const f = formOf(d.n);
  delete f.user!.password;
  delete f.user!.confirmPassword;
  f.address!.district = `حي ${d.n}`;
  return {
    method: 'PUT',
    path: '/api/registrations/me',
    cookie: d.cookie,
    csrf: d.csrf,
    body: JSON.stringify({ form: f, submit: true }),
  };
}
