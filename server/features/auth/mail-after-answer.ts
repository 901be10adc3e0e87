// Account mail that must not change how a request answers. The request only queues a job (the same
// job whether or not there is anyone to write to); the job runs on a later turn of the event loop,
// once the answer is written, decides what to send, and logs a failure instead of raising it.
import type { Deps } from '../../deps';
import type { Mail } from '../../mail/mailer';

export function mailAfterAnswer(deps: Pick<Deps, 'mailer' | 'log'>, what: string, compose: () => Mail | null): void {
  setImmediate(() => {
    const mail = compose();
    if (!mail) return;
    deps.mailer.send(mail).catch((err) => deps.log.error({ err: String(err) }, `${what} mail failed`));
  });
}
