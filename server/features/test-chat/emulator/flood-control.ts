// Telegram's flood limits for one bot: about 30 messages a second overall and 20 a minute in one
// group; past them a call answers 429 "Too Many Requests: retry after N". A refused call does not
// count. Edits count towards the per-second limit only.
import { tooManyRequests } from './bot-api-errors';

export const PER_SECOND = 30;
export const PER_MINUTE_IN_GROUP = 20;

export class FloodControl {
  private recent: number[] = [];
  private recentInGroup: number[] = [];

  constructor(private readonly now: () => number) {}

  /** Throws the 429 when this call would go over; otherwise counts it. */
  admit(kind: 'send' | 'edit', inGroup: boolean): void {
    const now = this.now();
    this.recent = this.recent.filter((t) => t > now - 1_000);
    this.recentInGroup = this.recentInGroup.filter((t) => t > now - 60_000);
    if (this.recent.length >= PER_SECOND) throw tooManyRequests(secondsUntil(this.recent[0]! + 1_000, now));
    const countsInGroup = inGroup && kind === 'send';
    if (countsInGroup && this.recentInGroup.length >= PER_MINUTE_IN_GROUP) {
      throw tooManyRequests(secondsUntil(this.recentInGroup[0]! + 60_000, now));
    }
    this.recent.push(now);
    if (countsInGroup) this.recentInGroup.push(now);
  }
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1_000));
