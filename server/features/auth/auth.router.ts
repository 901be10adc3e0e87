import { z } from 'zod';
import { router, publicProcedure, authedProcedure } from '../../trpc';
import {
  forgotPasswordInput,
  googleTokenInput,
  loginInput,
  resetPasswordInput,
  sendOtpInput,
  updateProfileInput,
  verifyOtpInput,
} from '../../../shared/auth.schema';
import * as auth from './auth.service';
import { signInWithIdToken } from './google';
import { updateProfile } from './profile.service';
import { toUserDto } from './users';

export const authRouter = router({
  me: authedProcedure.query(({ ctx }) => toUserDto(ctx.user)),
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => auth.login(ctx, input)),
  sendOtp: publicProcedure.input(sendOtpInput).mutation(({ ctx, input }) => auth.sendSignupCode(ctx, input)),
  // The legacy one-step register never signs anyone in: it sends the code, like sendOtp.
  register: publicProcedure.input(sendOtpInput).mutation(({ ctx, input }) => auth.sendSignupCode(ctx, input)),
  verifyOtp: publicProcedure.input(verifyOtpInput).mutation(({ ctx, input }) => auth.verifySignupCode(ctx, input)),
  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(({ ctx, input }) => auth.sendResetCode(ctx, input)),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => auth.resetPassword(ctx, input)),
  google: publicProcedure.input(googleTokenInput).mutation(({ ctx, input }) => signInWithIdToken(ctx, input)),
  updateProfile: authedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx, input, { sessionId: ctx.sessionId })),
  logout: authedProcedure.input(z.strictObject({}).optional()).mutation(({ ctx }) => auth.logout(ctx, { sessionId: ctx.sessionId })),
});
