// The landing page's public calls.
import { router, publicProcedure } from '../../trpc';
import { landingFigures } from './landing-figures';

export const landingRouter = router({
  /** Public: bots built, the assistant's replies and uptime; null below the minimum (the banner is hidden). */
  figures: publicProcedure.query(({ ctx }) => landingFigures(ctx)),
});
