// The landing page's figures: bots built (projects with a file, counted by workspace/files.ts), the AI
// assistant's replies (ai/chat-messages.ts) and how long this server has been up. The counts are
// taken at most once a minute per app, one count shared by every request that comes meanwhile, so
// a public page cannot make the database count on each visit; the uptime is read at each call.
import type { ServiceCtx } from '../../trpc';
import { countMessages } from '../ai/chat-messages';
import { countProjectsWithFiles } from '../workspace/files';
import { LANDING_MIN_BOTS, type LandingFigures } from '../../../shared/landing-figures';
import type { Counts } from './landing-state';

export const FIGURES_TTL_MS = 60_000;

async function count(deps: ServiceCtx['deps']): Promise<Counts> {
  const [botsBuilt, assistantReplies] = await Promise.all([countProjectsWithFiles(deps.db), countMessages(deps.db, { role: 'assistant' })]);
  return { botsBuilt, assistantReplies };
}

/** The figures, or null while fewer than LANDING_MIN_BOTS bots were built (the banner is hidden). */
export async function landingFigures({ deps }: Pick<ServiceCtx, 'deps'>): Promise<LandingFigures | null> {
  const state = deps.landing;
  const now = deps.clock.now().getTime();
  const last = state.counted;
  // A clock set back counts again rather than trusting a count from the future.
  if (!last || now - last.at >= FIGURES_TTL_MS || now < last.at) {
    const counted = { at: now, counts: count(deps) };
    // A failed count is not kept: the next request tries again.
    counted.counts.catch(() => {
      if (state.counted === counted) state.counted = null;
    });
    state.counted = counted;
  }
  const { botsBuilt, assistantReplies } = await state.counted!.counts;
  if (botsBuilt < LANDING_MIN_BOTS) return null;
  return { botsBuilt, assistantReplies, uptimeSeconds: Math.max(0, Math.floor((now - state.startedAt) / 1000)) };
}
