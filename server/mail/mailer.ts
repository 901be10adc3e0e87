// Outgoing mail: real SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
// in DATA_DIR/outbox, its file named in the log (the code stays in the file), so a bare install can still finish a sign-up.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { privateDir, privateFile } from '../data-dir';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer is loaded on the first mail, not at boot.
  const nodemailer = () => import('nodemailer').then((m) => m.default);
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    let transport: Promise<ReturnType<typeof import('nodemailer').createTransport>> | null = null;
    return {
      async send(mail) {
        transport ??= nodemailer().then((n) => n.createTransport(smtpUrl));
        await (await transport).sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to }, 'mail sent');
      },
      close: () => void transport?.then((t) => t.close()),
    };
  }
  // Each mail holds a sign-up or reset code: the outbox is the server's alone.
  privateDir(opts.outboxDir);
  return {
    async send(mail) {
      const transport = (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from: opts.from, ...mail });
      const file = path.join(opts.outboxDir, `${Date.now()}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      privateFile(file);
      // The file holds the code; the log only says where to find it (no subject: it carries the code).
      opts.log.info({ to: mail.to, file }, 'mail written to the outbox (SMTP_URL is not set): any code it holds is in the file, not in this log');
    },
    close: () => {},
  };
}
