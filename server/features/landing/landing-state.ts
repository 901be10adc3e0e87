// What the app keeps for the landing page's figures (deps.landing): when it started, and the last
// count with when it was taken (landing-figures.ts takes them).
import type { Clock } from '../../clock';

export type Counts = { botsBuilt: number; assistantReplies: number };

/** Per app (in Deps): when it started, and the last count with when it was taken. */
export type LandingState = { startedAt: number; counted: { at: number; counts: Promise<Counts> } | null };

export function newLandingState(clock: Clock): LandingState {
  return { startedAt: clock.now().getTime(), counted: null };
}
