// The modify flow: box open, preview ready, then Accept or Reject; Cancel closes
// and clears. A failure clears the preview and shows the server's reason (e.g. the builtin
// assistant naming the setting that enables free-form edits). Reject asks the server to refund the
// preview's charge; the editor never waits for that answer, nor fails with it.
import { useCallback, useRef, useState } from 'react';
import { useOfferedChange, type OfferedChange } from '../../../lib/offered-changes';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';

interface ModifyTarget {
  fileId: string;
  filename: string;
  projectId?: string | null;
  /** The editor's current text: what the proposal is computed from and compared against. */
  code: string;
  /** `proposalId`: the proposal the next save accepts; `prompt`: what was asked for, when known. */
  onAccept: (code: string, proposalId: string, prompt?: string) => void;
}

/** Asks the server to refund a rejected preview; only the refund can fail then, and the editor carries on as rejected. */
function useRefundRejected() {
  const utils = trpc.useUtils();
  const rejectMutation = trpc.ai.rejectModification.useMutation();
  return (proposalId: string) =>
    rejectMutation.mutate(
      { proposalId },
      {
        onSuccess: () => notifyInfo('Credits refunded', 'A rejected preview costs nothing.'),
        // e.g. the preview is too old.
        onError: (err) => notifyInfo('No refund for this preview', errorMessage(err, 'Please try again later.')),
        onSettled: () => {
          void utils.auth.me.invalidate();
          void utils.credits.invalidate();
        },
      },
    );
}

export function useModify({ fileId, filename, projectId, code, onAccept }: ModifyTarget) {
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [proposal, setProposal] = useState<{ base: string; code: string; id: string; title?: string; prompt?: string } | null>(null);
  const modifyMutation = trpc.ai.modifyCode.useMutation();
  const refundRejected = useRefundRejected();

  // A change the chat proposed for this file shows as the same preview (offered-changes.ts).
  const current = useRef(code);
  current.current = code;
  const takeOffer = useCallback((change: OfferedChange) => {
    setOpen(false);
    setProposal({ base: current.current, code: change.code, id: change.proposalId, ...(change.title ? { title: change.title } : {}), ...(change.prompt ? { prompt: change.prompt } : {}) });
  }, []);
  useOfferedChange(fileId, takeOffer);

  const close = () => {
    setOpen(false);
    setPrompt('');
    setProposal(null);
  };

  const generate = async () => {
    const request = prompt.trim();
    if (!request) return;
    const base = code;
    try {
      const result = await modifyMutation.mutateAsync({
        code: base,
        filename,
        prompt: request,
        fileId,
        ...(projectId ? { projectId } : {}),
      });
      setProposal({ base, code: result.modifiedCode, id: result.proposalId, prompt: request });
      notifySuccess('Code modification preview ready!', 'Review the changes, then accept or reject them.');
    } catch (err) {
      setProposal(null);
      notifyError('Failed to modify code', errorMessage(err, 'Please try again.'));
    } finally {
      void utils.auth.me.invalidate();
      void utils.credits.invalidate();
    }
  };

  const accept = () => {
    if (!proposal) return;
    onAccept(proposal.code, proposal.id, proposal.prompt);
    close();
    notifySuccess('Changes applied successfully!', 'Save the file to keep them.');
  };

  const reject = () => {
    const id = proposal?.id;
    close();
    notifyInfo('Changes rejected');
    if (id) refundRejected(id);
  };

  return {
    open,
    start: () => setOpen(true),
    cancel: close,
    prompt,
    setPrompt,
    proposal,
    generate,
    generating: modifyMutation.isPending,
    accept,
    reject,
  };
}
