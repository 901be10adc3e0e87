// Dependencies that features receive instead of reaching for globals: time and ids.
import { customAlphabet } from 'nanoid';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** Opaque alphanumeric ids (no hyphen: the client reads a hyphen as a legacy `project-file` id). */
export const newId = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 21);
