import { describe, expect, it } from 'vitest';
import { LinkSigner, newNonce, subscriptionIdOf } from './links.ts';

const signer = new LinkSigner(Buffer.alloc(32, 7));
const ID = subscriptionIdOf('reader@example.com');

describe('the mail list links', () => {
  it('a signed link verifies for its purpose only', () => {
    const nonce = newNonce();
    const token = signer.sign('confirm', ID, nonce);
    expect(signer.verify('confirm', token)).toEqual({ subscriptionId: ID, nonce });
    expect(signer.verify('unsubscribe', token)).toBeNull();
  });

  it('an altered id, nonce or signature, or another key, is refused', () => {
    const nonce = newNonce();
    const [id, n, sig] = signer.sign('unsubscribe', ID, nonce).split('.') as [string, string, string];
    const other = subscriptionIdOf('someone@example.com');
    expect(signer.verify('unsubscribe', `${other}.${n}.${sig}`)).toBeNull();
    expect(signer.verify('unsubscribe', `${id}.${newNonce()}.${sig}`)).toBeNull();
    expect(signer.verify('unsubscribe', `${id}.${n}.${'A'.repeat(22)}`)).toBeNull();
    expect(new LinkSigner(Buffer.alloc(32, 8)).verify('unsubscribe', `${id}.${n}.${sig}`)).toBeNull();
    expect(signer.verify('unsubscribe', 'not a token')).toBeNull();
  });

  it('refuses a key too short to sign with', () => {
    expect(() => new LinkSigner(Buffer.alloc(16))).toThrow();
  });
});
