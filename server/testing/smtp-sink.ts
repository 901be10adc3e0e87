// A real SMTP server on loopback that keeps every message it receives, for tests to read codes from.
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

export type SmtpSink = {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the newest six-digit code mailed to `to` after `since` messages were received. */
  waitForCode(to: string, opts?: { since?: number; timeoutMs?: number }): Promise<string>;
  mailsTo(to: string): ReceivedMail[];
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const mailsTo = (to: string) => messages.filter((m) => m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailsTo,
    async waitForCode(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      while (Date.now() < deadline) {
        const mail = mailsTo(to).slice(opts.since ?? 0).at(-1);
        const code = mail && /code is (\d{6})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no code mailed to ${to}`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
