// A change the chat proposed for a file, handed to that file's editor, which shows it as a diff
// with Accept / Reject (the Modify preview). The chat offers it when the reply arrives and again
// from the reply's 'Review change' button; the editor takes it when it opens or is open.
import { useEffect } from 'react';

export interface OfferedChange {
  fileId: string;
  proposalId: string;
  code: string;
  /** The preview's title, when the change is not the AI's (an edit of the plan card). */
  title?: string;
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
