// Nothing a person wrote is lost to an AI reply: a proposal that stands in for omitted code with a
// placeholder comment, or that shrinks a file sharply, is refused (and not charged).
import { AppError } from '../../errors';

const PLACEHOLDERS = [
  /\brest of (the )?(code|file|implementation|functions?)\b/i,
  /\.\.\.\s*(existing|previous|unchanged|same|other|remaining) (code|logic|functions?|handlers?)/i,
  /\b(existing|previous|unchanged|remaining) code (here|remains|goes here|unchanged)\b/i,
  /\b(code|implementation) (omitted|unchanged|remains the same)\b/i,
  /^\s*(#|\/\/)\s*\.\.\.\s*$/m,
];

/** The share of the old size below which a new version counts as sharply shrunk. */
const MIN_KEPT = 0.5;
const SMALL_FILE = 200;

export function truncationProblem(previous: string, proposal: string): string | null {
  const added = PLACEHOLDERS.find((p) => p.test(proposal) && !p.test(previous));
  if (added) return 'The AI answer left out part of the code (it contains a placeholder instead of the code), so it was not applied. Please try again.';
  if (previous.trim().length >= SMALL_FILE && proposal.trim().length < previous.trim().length * MIN_KEPT) {
    return 'The AI answer would remove more than half of the file, so it was not applied. Please try again, or edit the file by hand.';
  }
  return null;
}

export function assertNotTruncated(previous: string, proposal: string, filename: string): void {
  const problem = truncationProblem(previous, proposal);
  if (problem) throw new AppError('UNPROCESSABLE_CONTENT', `${filename}: ${problem}`);
}
