import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from './smtp.ts';

// A real SMTP round trip on loopback: nodemailer → smtp-server.
describe('SMTP mailer', () => {
  let server: SMTPServer;
  let port = 0;
  const received: { from: string; to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a bilingual mail to the recipient with the idempotency key as Message-ID', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Portal <no-reply@portal.localhost>');
    await mailer.send(
      {
        to: 'volunteer@example.org',
        subject: 'تأكيد البريد الإلكتروني / Confirm your e-mail',
        text: 'افتح الرابط / open the link',
      },
      'mail.verify-email.abc',
    );
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['volunteer@example.org']);
    expect(received[0]!.from).toBe('no-reply@portal.localhost');
    expect(received[0]!.raw).toContain('Message-ID: <mail.verify-email.abc@portal.localhost>');
    expect(received[0]!.raw).toMatch(/Subject: =\?UTF-8\?/); // the Arabic subject, encoded
  });
});
