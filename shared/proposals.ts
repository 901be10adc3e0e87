// A chat reply that rewrites a file the bot already has proposes the change instead of saving it.
// The stored reply says so in one line per file, which the chat shows as a 'Review change' box
// (and leaves out of the prose): `Proposed change: `bot.py` #<proposal id>`.

export interface ProposedChange {
  filename: string;
  proposalId: string;
}

const LINE = /^Proposed change: `([^`\n]+)` #([A-Za-z0-9]{1,64})$/gm;

export function proposalLine(change: ProposedChange): string {
  return `Proposed change: \`${change.filename}\` #${change.proposalId}`;
}

export function proposalsIn(text: string): ProposedChange[] {
  return [...text.matchAll(LINE)].map((m) => ({ filename: m[1]!, proposalId: m[2]! }));
}

export function withoutProposalLines(text: string): string {
  return text.replace(LINE, '').replace(/\n{3,}/g, '\n\n').trimEnd();
}
