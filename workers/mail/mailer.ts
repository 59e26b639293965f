import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The mail port. The embedded default writes each mail to a folder a developer can read; SMTP comes with SMTP_URL. */
export interface Mailer {
  send(mail: Mail, idempotencyKey: string): Promise<void>;
}

/** One file per mail, named by the idempotency key (a job retried after a crash overwrites, never duplicates). */
export class FolderMailer implements Mailer {
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  async send(mail: Mail, key: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const body = `To: ${mail.to}\nSubject: ${mail.subject}\nDate: ${new Date().toUTCString()}\n\n${mail.text}\n`;
    await writeFile(join(this.dir, `${key.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`), body, 'utf8');
  }
}
