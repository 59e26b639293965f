import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.ts';

/** Mail over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). The idempotency key becomes the Message-ID. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;
  constructor(url: string, from = process.env.MAIL_FROM ?? 'Volunteer portal <no-reply@portal.localhost>') {
    this.transport = nodemailer.createTransport(url);
    this.from = from;
  }
  async send(mail: Mail, key: string): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: `<${key.replace(/[^A-Za-z0-9._-]/g, '_')}@portal.localhost>`,
    });
  }
  close(): void {
    this.transport.close();
  }
}
