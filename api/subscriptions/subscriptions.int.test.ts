import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkSigner, loadLinkKey, subscriptionIdOf } from '../../commands/subscription/links.ts';
import { subscriptionStream } from '../../domain/subscription/events.ts';
import { linkPath, waitForMail } from '../../tests/support/mail.ts';
import {
  type Browser,
  signedIn,
  startTestPortal,
  streamEvents,
  type TestPortal,
  visitorOn,
} from '../../tests/support/portal.ts';
import { depsFrom } from '../../workers/runtime.ts';
import { buildApp } from '../app.ts';

let portal: TestPortal;
let visitor: Browser;
let admin: Browser;
let staff: Browser;
beforeAll(async () => {
  portal = await startTestPortal();
  visitor = await visitorOn(portal.app);
  admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
  staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
});
afterAll(async () => {
  await portal?.close();
});

const events = (stream: string) => streamEvents(portal, stream);
const tokenOf = (path: string | null) => new URL(`http://x${path}`).searchParams.get('token')!;
const mailFor = (email: string, has: string) =>
  waitForMail(portal.dataDir, (m) => m.includes(`To: ${email}\n`) && m.includes(has));

/** Subscribe and confirm from the mail: the subscriber's id and the confirmation mail. */
async function subscribed(email: string, language: 'ar' | 'en' = 'ar') {
  expect((await visitor.post('/api/subscriptions', { email, language })).statusCode).toBe(200);
  const mail = await mailFor(email, '/subscribe/confirm?token=');
  const res = await visitor.post('/api/subscriptions/confirm', {
    token: tokenOf(linkPath(mail, `/${language}/subscribe/confirm`)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: subscriptionIdOf(email), position: res.json().position as string, mail };
}

describe('subscribing (double opt-in)', () => {
  it('mails a confirmation with an unsubscribe link; the link confirms once', async () => {
    const email = 'reader.one@example.com';
    const s = await subscribed(email);
    expect(s.mail).toContain('/ar/unsubscribe?token=');
    const list = (await admin.get(`/api/subscriptions?after=${s.position}`)).json();
    expect(list.rows.map((r: { email: string }) => r.email)).toContain(email);
    // Used again: nothing new.
    const token = tokenOf(linkPath(s.mail, '/ar/subscribe/confirm'));
    const again = await visitor.post('/api/subscriptions/confirm', { token });
    expect(again.statusCode).toBe(200);
    expect((await events(subscriptionStream(s.id))).map((e) => e.type)).toEqual([
      'SubscriptionRequested',
      'SubscriptionConfirmed',
    ]);
  });

  it('an unconfirmed address is not on the list', async () => {
    const email = 'not.yet@example.com';
    const res = await visitor.post('/api/subscriptions', { email });
    await mailFor(email, 'subscribe/confirm');
    const list = (await admin.get(`/api/subscriptions?email=not.yet`)).json();
    expect(list.total).toBe(0);
    expect(res.json()).toEqual({ accepted: true });
  });

  it('answers an address already on the list exactly like a new one, and mails it nothing', async () => {
    const email = 'known@example.com';
    const s = await subscribed(email);
    const known = await visitor.post('/api/subscriptions', { email: 'Known@Example.com' });
    const fresh = await visitor.post('/api/subscriptions', { email: 'fresh.one@example.com' });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    expect((await events(subscriptionStream(s.id))).length).toBe(2);
  });

  it('a forged or altered link is refused and writes nothing', async () => {
    const email = 'forger@example.com';
    await visitor.post('/api/subscriptions', { email });
    const mail = await mailFor(email, 'subscribe/confirm');
    const token = tokenOf(linkPath(mail, '/ar/subscribe/confirm'));
    const [id, nonce] = token.split('.');
    for (const bad of [`${id}.${nonce}.${'A'.repeat(22)}`, `${'b'.repeat(32)}.${nonce}.${token.split('.')[2]}`]) {
      const res = await visitor.post('/api/subscriptions/confirm', { token: bad });
      expect(res.json().error.code).toBe('Error_WrongActivationLink');
    }
    // The confirmation link is not an unsubscribe link.
    const swapped = await visitor.post('/api/subscriptions/unsubscribe', { token });
    expect(swapped.json().error.code).toBe('Error_WrongActivationLink');
    expect((await events(subscriptionStream(subscriptionIdOf(email)))).map((e) => e.type)).toEqual([
      'SubscriptionRequested',
    ]);
  });

  it('is rate limited per address (429 TooManyRequests past the limit)', async () => {
    const app = await buildApp(depsFrom(portal.runtime), {
      logLevel: 'silent',
      webDist: null,
      registrationRateLimit: 3,
    });
    try {
      const b = await visitorOn(app);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await b.post('/api/subscriptions', { email: `burst${i}@example.com` })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await b.post('/api/subscriptions', { email: 'burst9@example.com' });
      expect(refused.json().error.code).toBe('TooManyRequests');
    } finally {
      await app.close();
    }
  });

  it('every process of the installation signs with the key kept in the database', async () => {
    const email = 'shared.key@example.com';
    await visitor.post('/api/subscriptions', { email });
    const [requested] = await events(subscriptionStream(subscriptionIdOf(email)));
    const nonce = (requested!.data as { confirmNonce: string }).confirmNonce;
    // Another process: its own signer, from the same database.
    const other = new LinkSigner(await loadLinkKey(undefined, portal.runtime.db));
    const token = other.sign('confirm', subscriptionIdOf(email), nonce);
    expect((await visitor.post('/api/subscriptions/confirm', { token })).statusCode).toBe(200);
  });

  it('refuses an address that is not one', async () => {
    const res = await visitor.post('/api/subscriptions', { email: 'nobody' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('InvalidEmail');
  });
});

describe('master-data staff', () => {
  it('take a subscriber off the list (admins only); an unknown id is not found', async () => {
    const s = await subscribed('removed@example.com');
    expect((await staff.post(`/api/subscriptions/${s.id}/remove`, {})).statusCode).toBe(403);
    const res = await admin.post(`/api/subscriptions/${s.id}/remove`, {});
    expect(res.statusCode).toBe(200);
    const list = (await admin.get(`/api/subscriptions?after=${res.json().position}&email=removed`)).json();
    expect(list.total).toBe(0);
    expect((await admin.post(`/api/subscriptions/${'d'.repeat(32)}/remove`, {})).statusCode).toBe(404);
  });
});

describe('a mail to selected subscribers', () => {
  it('needs its header, its text and a subscriber (the spec codes), and only masterdata staff send it', async () => {
    const s = await subscribed('rules@example.com');
    const send = (body: object) => admin.post('/api/subscriptions/mail', body);
    expect((await send({ header: '', body: 'x', subscriptionIds: [s.id] })).json().error.code).toBe(
      'PleasefillAllDetails',
    );
    expect((await send({ header: 'x', body: ' ', subscriptionIds: [s.id] })).json().error.code).toBe(
      'PleasefillAllDetails',
    );
    expect((await send({ header: 'x', body: 'y', subscriptionIds: [] })).json().error.code).toBe(
      'PleaseSelectSubscribers',
    );
    // An id that is no confirmed subscriber selects nobody.
    expect((await send({ header: 'x', body: 'y', subscriptionIds: ['c'.repeat(32)] })).json().error.code).toBe(
      'PleaseSelectSubscribers',
    );
    expect(
      (await staff.post('/api/subscriptions/mail', { header: 'x', body: 'y', subscriptionIds: [s.id] })).statusCode,
    ).toBe(403);
    expect((await visitor.get('/api/subscriptions')).statusCode).toBe(401);
  });

  it('reaches each selected subscriber with their own unsubscribe link, which works in one click', async () => {
    const a = await subscribed('news.a@example.com');
    const b = await subscribed('news.b@example.com', 'en');
    const res = await admin.post('/api/subscriptions/mail', {
      header: 'أخبار التطوع',
      body: 'فعاليات جديدة هذا الأسبوع',
      subscriptionIds: [a.id, b.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recipients).toBe(2);
    const toA = await mailFor('news.a@example.com', 'Subject: أخبار التطوع');
    const toB = await mailFor('news.b@example.com', 'Subject: أخبار التطوع');
    expect(toA).toContain('فعاليات جديدة هذا الأسبوع');
    const leave = tokenOf(linkPath(toB, '/en/unsubscribe'));
    expect(tokenOf(linkPath(toA, '/ar/unsubscribe'))).not.toBe(leave);
    const out = await visitor.post('/api/subscriptions/unsubscribe', { token: leave });
    expect(out.statusCode).toBe(200);
    const list = (await admin.get(`/api/subscriptions?after=${out.json().position}&pageSize=100`)).json();
    const emails = list.rows.map((r: { email: string }) => r.email);
    expect(emails).toContain('news.a@example.com');
    expect(emails).not.toContain('news.b@example.com');
    // A second click is harmless.
    expect((await visitor.post('/api/subscriptions/unsubscribe', { token: leave })).statusCode).toBe(200);
    // And the address may subscribe again.
    await visitor.post('/api/subscriptions', { email: 'news.b@example.com', language: 'en' });
    expect((await events(subscriptionStream(b.id))).map((e) => e.type)).toEqual([
      'SubscriptionRequested',
      'SubscriptionConfirmed',
      'SubscriptionCancelled',
      'SubscriptionRequested',
    ]);
  });
});
