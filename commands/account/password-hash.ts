import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

// argon2id through node:crypto (Node 24.7+): memory-hard, no native addon to build. Parameters: OWASP's
// minimum for argon2id (19 MiB, 2 passes, 1 lane). Stored in the PHC string format so parameters can change later.
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };

function run(message: string, nonce: Buffer, p: typeof PARAMS): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2('argon2id', { message, nonce, ...p }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await run(password, salt, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(salt)}$${b64(key)}`;
}

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const key = await run(password, Buffer.from(m[4]!, 'base64'), {
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to verify against when the user name is unknown, so both paths take the same time. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
}
