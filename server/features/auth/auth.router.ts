import { z } from 'zod';
import { router, publicProcedure, authedProcedure } from '../../trpc';
import {
  forgotPasswordInput,
  googleTokenInput,
  loginInput,
  resetPasswordInput,
  sendOtpInput,
  updateProfileInput,
  userDto,
  verifyOtpInput,
} from '../../../shared/auth.schema';
import { answering, CONFIRMATION } from '../../procedure-meta';
import * as auth from './auth.service';
import { signInWithIdToken } from './google';
import { updateProfile } from './profile.service';
import { toUserDto } from './users';

/** What signing in answers (login, verify-otp, google). */
const authResponse = z.object({ token: z.string().meta({ description: 'The sign-in token: send it as `Authorization: Bearer <token>`.' }), user: userDto });
const CODE_SENT = 'A message that a code is on its way: the same answer whether or not the address already has an account.';

export const authRouter = router({
  me: answering(userDto, authedProcedure.meta({ fastRead: true, doc: { summary: 'Your account', answers: 'The signed-in account: name, email, credits, whether it signs in with Google.' } }))
    .query(({ ctx }) => toUserDto(ctx.user)),
  login: answering(
    authResponse,
    publicProcedure
      .meta({
        rateLimit: [{ max: 5, window: '1 minute', key: 'ip+email' }, { max: 100, window: '1 hour', key: 'ip' }],
        doc: { summary: 'Sign in with email and password', answers: 'A sign-in token (send it as `Authorization: Bearer <token>`) and the account.' },
      })
      .input(loginInput),
  ).mutation(({ ctx, input }) => auth.login(ctx, input)),
  sendOtp: publicProcedure
    .meta({ rateLimit: [{ max: 5, window: '1 hour', key: 'ip' }, { max: 5, window: '1 hour', key: 'email' }], doc: { summary: 'Start signing up: email a verification code', answers: CODE_SENT } })
    .input(sendOtpInput)
    .mutation(({ ctx, input }) => auth.sendSignupCode(ctx, input)),
  // The legacy one-step register never signs anyone in: it sends the code, like sendOtp.
  register: publicProcedure
    .meta({
      rateLimit: [{ max: 5, window: '1 hour', key: 'ip' }, { max: 5, window: '1 hour', key: 'email' }],
      doc: {
        summary: 'Sign up in one step (older form of send-otp)',
        description: 'Sends the verification code exactly like send-otp; it never signs anyone in. Finish with verify-otp.',
        answers: CODE_SENT,
      },
    })
    .input(sendOtpInput)
    .mutation(({ ctx, input }) => auth.sendSignupCode(ctx, input)),
  verifyOtp: answering(
    authResponse,
    publicProcedure
      .meta({
        rateLimit: [{ max: 10, window: '15 minutes', key: 'ip' }, { max: 10, window: '1 hour', key: 'email' }],
        doc: { summary: 'Finish signing up with the emailed code', answers: 'A sign-in token and the new account.' },
      })
      .input(verifyOtpInput),
  ).mutation(({ ctx, input }) => auth.verifySignupCode(ctx, input)),
  forgotPassword: publicProcedure
    .meta({
      rateLimit: [{ max: 5, window: '1 hour', key: 'email' }, { max: 20, window: '1 hour', key: 'ip' }],
      doc: { summary: 'Email a password reset code', answers: 'A message that a code is on its way: the same answer whether or not an account exists for the address.' },
    })
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => auth.sendResetCode(ctx, input)),
  resetPassword: publicProcedure
    .meta({
      rateLimit: [{ max: 10, window: '15 minutes', key: 'ip' }, { max: 10, window: '1 hour', key: 'email' }],
      doc: { summary: 'Set a new password with the reset code', description: 'Every session of the account is signed out.', answers: CONFIRMATION },
    })
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => auth.resetPassword(ctx, input)),
  google: answering(
    authResponse,
    publicProcedure
      .meta({ rateLimit: [{ max: 20, window: '1 minute', key: 'ip' }], doc: { summary: 'Sign in with a Google ID token', answers: 'A sign-in token and the account.', errors: [409] } })
      .input(googleTokenInput),
  ).mutation(({ ctx, input }) => signInWithIdToken(ctx, input)),
  updateProfile: authedProcedure.meta({ rateLimit: [{ max: 10, window: '15 minutes', key: 'user' }] }).input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx, input, { sessionId: ctx.sessionId })),
  logout: authedProcedure
    .meta({ doc: { summary: 'Sign out', description: 'Ends this session: its token no longer works.', answers: CONFIRMATION } })
    .input(z.strictObject({}).optional())
    .mutation(({ ctx }) => auth.logout(ctx, { sessionId: ctx.sessionId })),
});
