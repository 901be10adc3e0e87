// Environment variable names a bot may not set: the ones the system's program loader (ld.so) and
// C library act on before any code of the bot runs (LD_PRELOAD, GCONV_PATH, MALLOC_*...). Inside the
// sandbox they could only hurt the bot itself, but they are what turned a variable into root on
// the host once, so they are refused everywhere a name is accepted (defence in depth).
const REFUSED = /^(LD_[A-Z0-9_]*|GCONV_PATH|GETCONF_DIR|GLIBC_TUNABLES|HOSTALIASES|LOCALDOMAIN|LOCPATH|MALLOC_[A-Z0-9_]*|NIS_PATH|NLSPATH|RESOLV_HOST_CONF|RES_OPTIONS|TZDIR)$/i;

/** Why `name` cannot be set for a bot, or null when it can. */
export function refusedVariableReason(name: string): string | null {
  return REFUSED.test(name) ? `${name} cannot be set: the system's program loader acts on it` : null;
}

/**
 * What the test chat sets itself for a run in test mode and nobody should save: the emulator's address
 * (a saved value would send a live bot to a server that is not Telegram) and its clock.
 */
export const TEST_MODE_VARIABLES: ReadonlySet<string> = new Set(['TELEGRAM_API_BASE', 'TEST_CLOCK']);
