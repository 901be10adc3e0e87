// A change made on the plan card: sent to ai.editPlan (rendered without the AI, free), and the
// proposal it answers shown as every proposal is, as a diff with Accept / Reject in the file's editor.
import { useState } from 'react';
import type { BotPlan } from '../../../../shared/bot-plan.schema';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifyInfo } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { offerChange } from '../../../lib/offered-changes';

export function usePlanEdit(fileId: string, onOpenFile: (id: string) => void) {
  const mutation = trpc.ai.editPlan.useMutation();
  /** Which part of the card sent the change being made (a rule's id, a blank, 'add'). */
  const [sentBy, setSentBy] = useState<string | null>(null);

  const propose = async (plan: BotPlan, by: string): Promise<boolean> => {
    setSentBy(by);
    try {
      const result = await mutation.mutateAsync({ fileId, plan });
      offerChange({ fileId, proposalId: result.proposalId, code: result.modifiedCode, title: 'Preview of the plan change (written without the AI, free)' });
      onOpenFile(fileId);
      notifyInfo('Change ready to review', `Accept or reject the change to ${result.filename} in the editor, then save it.`);
      return true;
    } catch (err) {
      notifyError('Could not change the plan', errorMessage(err, 'Please try again.'));
      return false;
    } finally {
      setSentBy(null);
    }
  };

  return { propose, pending: mutation.isPending, sentBy };
}

export type PlanEdit = ReturnType<typeof usePlanEdit>;
