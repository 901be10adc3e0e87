// The landing page's figures, as the server counts them and the banner writes them: bots built on
// this server, replies the AI assistant wrote, and how long the server has been up (1.2K, 3.4M, 3 days).
// No zod here: the landing page is in the first-paint bundle, which does not carry it.

/** Fewer bots than this and the server answers null: the banner is hidden rather than showing tiny numbers. */
export const LANDING_MIN_BOTS = 10;

export type LandingFigures = {
  /** Projects holding at least one file: a bot someone built (an empty project is not one yet). */
  botsBuilt: number;
  /** The AI assistant's replies in the builder's chat (`chat_messages` rows of role 'assistant'). */
  assistantReplies: number;
  /** Seconds since this server process started. */
  uptimeSeconds: number;
};

const UNITS: Array<[number, string]> = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * A count in a few characters, rounded down so it never claims more than there is: 999 -> '999',
 * 1_234 -> '1.2K', 1_999 -> '1.9K', 12_345 -> '12K', 999_999 -> '999K', 3_456_789 -> '3.4M'.
 */
export function compactCount(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  const whole = Math.floor(n);
  for (const [size, suffix] of UNITS) {
    if (whole < size) continue;
    const units = whole / size;
    // One decimal under 10 of a unit (1.2K), none above (12K); integer arithmetic, no float rounding up.
    const text = units < 10 ? String(Math.floor((whole * 10) / size) / 10) : String(Math.floor(units));
    return `${text}${suffix}`;
  }
  return String(whole);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long the server has been up, in its largest whole unit: 'Just started', '42 minutes', '5 hours', '3 days'. */
export function uptimeText(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  if (s < 60) return 'Just started';
  if (s < 3600) return plural(Math.floor(s / 60), 'minute');
  if (s < 86_400) return plural(Math.floor(s / 3600), 'hour');
  return plural(Math.floor(s / 86_400), 'day');
}
