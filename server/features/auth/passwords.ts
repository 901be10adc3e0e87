// Password hashing: argon2id with explicit OWASP-minimum parameters (the library's defaults are
// about 7x slower here), a rehash check for when they rise, and the common-password refusal.
import argon2 from 'argon2';
import { AppError } from '../../errors';
import { messages } from '../../../shared/auth.schema';

export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_PARAMS);
}

// A hash of a random password, verified against when the email is unknown so that an unknown
// email and a wrong password take the same time.
let dummyHash: Promise<string> | null = null;
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
}

/** The list (half a megabyte) is read on the first password set, not at start-up. */
export async function assertNotCommon(password: string): Promise<void> {
  const { isCommonPassword } = await import('./common-passwords');
  if (isCommonPassword(password)) throw new AppError('BAD_REQUEST', messages.passwordCommon);
}
