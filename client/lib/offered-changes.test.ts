import { describe, expect, it } from 'vitest';
import { proposalLine } from '../../shared/proposals';
import { requestOfProposal } from './offered-changes';

const at = (ms: number) => new Date(Date.UTC(2025, 0, 1) + ms).toISOString();
// As the server lists them: newest first, each request 1 ms before its reply.
const chat = [
  { role: 'assistant', content: `Done.\n\n${proposalLine({ filename: 'bot.py', proposalId: 'p2' })}`, createdAt: at(2001) },
  { role: 'user', content: 'also add /joke', createdAt: at(2000) },
  { role: 'assistant', content: `Changed it.\n\n${proposalLine({ filename: 'bot.py', proposalId: 'p1' })}`, createdAt: at(1001) },
  { role: 'user', content: 'make /start friendlier', createdAt: at(1000) },
  { role: 'assistant', content: 'Hello! What shall we build?', createdAt: at(1) },
];

describe('requestOfProposal', () => {
  it("finds the person's message just before the reply that proposed the change", () => {
    expect(requestOfProposal(chat, 'p1')).toBe('make /start friendlier');
    expect(requestOfProposal(chat, 'p2')).toBe('also add /joke');
    expect(requestOfProposal([...chat].reverse(), 'p1')).toBe('make /start friendlier');
  });

  it('knows nothing of a proposal the chat does not hold, or without a chat', () => {
    expect(requestOfProposal(chat, 'p3')).toBeUndefined();
    expect(requestOfProposal(undefined, 'p1')).toBeUndefined();
    expect(requestOfProposal(chat.slice(0, 1), 'p2')).toBeUndefined();
  });
});
