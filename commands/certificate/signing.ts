import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The deployment's Ed25519 key: it signs every certificate; its public half is published for offline checks. */
export interface CertificateSigner {
  keyId: string;
  /** The public key, SPKI PEM. */
  publicKeyPem: string;
  sign(statement: string): string;
  verify(statement: string, signatureBase64: string): boolean;
}

export function signerFrom(privateKey: KeyObject): CertificateSigner {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('CERTIFICATE_SIGNING_KEY must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (statement) => sign(null, Buffer.from(statement, 'utf8'), privateKey).toString('base64'),
    verify: (statement, signature) => verifyStatement(publicKey, statement, signature),
  };
}

/** Checks a statement with the public key alone (what a verifier without the portal does). */
export function verifyStatement(publicKey: KeyObject | string, statement: string, signatureBase64: string): boolean {
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  try {
    return verify(null, Buffer.from(statement, 'utf8'), key, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The key from CERTIFICATE_SIGNING_KEY (a PKCS#8 PEM, or its base64 on one line), else the one kept at `keyFile`
 * (generated on first use, mode 0600): the embedded default keeps one key across restarts. Several processes on one
 * data folder race only on the first start; whoever writes first wins, the others read it.
 */
export function loadSigner(env: string | undefined, keyFile: string): CertificateSigner {
  if (env?.trim()) {
    const text = env.includes('BEGIN') ? env : Buffer.from(env.trim(), 'base64').toString('utf8');
    return signerFrom(createPrivateKey(text.replace(/\\n/g, '\n')));
  }
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    try {
      writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return signerFrom(createPrivateKey(readFileSync(keyFile, 'utf8')));
}
