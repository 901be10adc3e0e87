// A change the chat proposed for a file, handed to that file's editor, which shows it as a diff
// with Accept / Reject (the Modify preview). The chat offers it when the reply arrives and again
// from the reply's 'Review change' button; the editor takes it when it opens or is open.
import { useEffect } from 'react';
import { proposalsIn } from '../../shared/proposals';

export interface OfferedChange {
  fileId: string;
  proposalId: string;
  code: string;
  /** The preview's title, when the change is not the AI's (an edit of the plan card). */
  title?: string;
  /** What was asked for, when the offer knows it (else the chat is asked: requestOfProposal). */
  prompt?: string;
}

type ChatLine = { role: string; content: string; createdAt: string };

/**
 * The person's chat message that asked for a proposed change: the last one before the reply that
 * names the proposal (shared/proposals.ts). Undefined when the chat at hand does not hold that reply.
 */
export function requestOfProposal(messages: readonly ChatLine[] | undefined, proposalId: string): string | undefined {
  const reply = messages?.find((m) => m.role === 'assistant' && proposalsIn(m.content).some((p) => p.proposalId === proposalId));
  if (!messages || !reply) return undefined;
  let request: ChatLine | undefined;
  for (const m of messages) {
    if (m.role === 'user' && m.createdAt < reply.createdAt && (!request || m.createdAt > request.createdAt)) request = m;
  }
  return request?.content;
}

const EVENT = 'botwright:offered-change';
const waiting = new Map<string, OfferedChange>();

export function offerChange(change: OfferedChange): void {
  waiting.set(change.fileId, change);
  window.dispatchEvent(new CustomEvent(EVENT, { detail: change.fileId }));
}

/** Calls `take` with the change offered for this file, now and whenever one is offered. */
export function useOfferedChange(fileId: string, take: (change: OfferedChange) => void): void {
  useEffect(() => {
    const check = () => {
      const change = waiting.get(fileId);
      if (!change) return;
      waiting.delete(fileId);
      take(change);
    };
    check();
    const onOffer = (event: Event) => {
      if ((event as CustomEvent<string>).detail === fileId) check();
    };
    window.addEventListener(EVENT, onOffer);
    return () => window.removeEventListener(EVENT, onOffer);
  }, [fileId, take]);
}
