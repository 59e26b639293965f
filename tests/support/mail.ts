import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The first mail in the portal's folder sink (`<dataDir>/mail/*.eml`, one file per mail) that `match` accepts,
 * waiting for the mail job to write it. Answers the whole file: headers, a blank line, the text.
 */
export async function waitForMail(
  dataDir: string,
  match: (mail: string) => boolean,
  timeoutMs = 20_000,
): Promise<string> {
  const dir = join(dataDir, 'mail');
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(dir)) {
      for (const name of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
        const mail = readFileSync(join(dir, name), 'utf8');
        if (match(mail)) return mail;
      }
    }
    if (Date.now() > until) throw new Error(`no matching mail in ${dir} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The path and query of the first link in a mail that points at `pathname` ("/ar/verify-email?token=…"). */
export function linkPath(mail: string, pathname: string): string | null {
  for (const m of mail.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(m[0]);
    if (url.pathname === pathname) return `${url.pathname}${url.search}`;
  }
  return null;
}
