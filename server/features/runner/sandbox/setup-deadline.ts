// A sandbox is set up by helper processes that say when they are ready (slirp4netns on its ready
// fd, `ip -batch` by exiting, the bridge's relay on stdout). One that neither says so nor exits would
// leave the run 'starting' for ever, its Start unanswered: each such wait fails after a deadline,
// and the caller kills the helper and takes the sandbox down as for any failed set-up.
export const SETUP_STEP_DEADLINE_MS = 15_000;

/** `step`, or a rejection naming `what` once the deadline has passed. */
export function withinSetupDeadline<T>(step: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} was not ready after ${SETUP_STEP_DEADLINE_MS / 1000} s`)), SETUP_STEP_DEADLINE_MS);
  });
  return Promise.race([step, late]).finally(() => clearTimeout(timer));
}
