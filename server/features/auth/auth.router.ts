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
  me: authedProcedure.meta({ fastRead: true }).query(({ ctx }) => toUserDto(ctx.user)),
  login: publicProcedure.meta({ rateLimit: [{ max: 5, window: '1 minute', key: 'ip+email' }, { max: 100, window: '1 hour', key: 'ip' }] }).input(loginInput).mutation(({ ctx, input }) => auth.login(ctx, input)),
  sendOtp: publicProcedure.meta({ rateLimit: [{ max: 5, window: '1 hour', key: 'ip' }, { max: 5, window: '1 hour', key: 'email' }] }).input(sendOtpInput).mutation(({ ctx, input }) => auth.sendSignupCode(ctx, input)),
  // The legacy one-step register never signs anyone in: it sends the code, like sendOtp.
  register: publicProcedure.meta({ rateLimit: [{ max: 5, window: '1 hour', key: 'ip' }, { max: 5, window: '1 hour', key: 'email' }] }).input(sendOtpInput).mutation(({ ctx, input }) => auth.sendSignupCode(ctx, input)),
  verifyOtp: publicProcedure.meta({ rateLimit: [{ max: 10, window: '15 minutes', key: 'ip' }, { max: 10, window: '1 hour', key: 'email' }] }).input(verifyOtpInput).mutation(({ ctx, input }) => auth.verifySignupCode(ctx, input)),
  forgotPassword: publicProcedure.meta({ rateLimit: [{ max: 5, window: '1 hour', key: 'email' }, { max: 20, window: '1 hour', key: 'ip' }] }).input(forgotPasswordInput).mutation(({ ctx, input }) => auth.sendResetCode(ctx, input)),
  resetPassword: publicProcedure.meta({ rateLimit: [{ max: 10, window: '15 minutes', key: 'ip' }, { max: 10, window: '1 hour', key: 'email' }] }).input(resetPasswordInput).mutation(({ ctx, input }) => auth.resetPassword(ctx, input)),
  google: publicProcedure.meta({ rateLimit: [{ max: 20, window: '1 minute', key: 'ip' }] }).input(googleTokenInput).mutation(({ ctx, input }) => signInWithIdToken(ctx, input)),
  updateProfile: authedProcedure.meta({ rateLimit: [{ max: 10, window: '15 minutes', key: 'user' }] }).input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx, input, { sessionId: ctx.sessionId })),
  logout: authedProcedure.input(z.strictObject({}).optional()).mutation(({ ctx }) => auth.logout(ctx, { sessionId: ctx.sessionId })),
});
