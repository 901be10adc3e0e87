// The text of one open file: what the server holds, what the editor shows (an empty file shows its
// platform's template), whether they differ, and saving and restoring.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { templateFor } from '../../../../shared/file-templates';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { requestOfProposal } from '../../../lib/offered-changes';
import { trpc } from '../../../lib/trpc';

export type FileDetails = inferRouterOutputs<AppRouter>['files']['get'];

type Reason = 'save' | 'ai_change';
/** Unsaved text left behind when the editor switched to another file or closed. */
type StashedDraft = { base: string; draft: string; reason: Reason };

// Kept in the query cache so a sign-out (which clears the cache) takes the drafts with it.
const draftKey = (fileId: string) => ['editor-draft', fileId] as const;

/** Unsaved edits made earlier to this same text: they come back when the file is opened again. */
function stashedDraft(queryClient: QueryClient, file: FileDetails): StashedDraft | null {
  const kept = queryClient.getQueryData<StashedDraft>(draftKey(file.id));
  return kept && kept.base === file.content ? kept : null;
}

/** Keeps the unsaved text when the editor leaves the file (another file, or closed). */
function useStashOnLeave(fileId: string, current: StashedDraft & { dirty: boolean }) {
  const queryClient = useQueryClient();
  const latest = useRef(current);
  latest.current = current;
  useEffect(() => {
    queryClient.setQueryDefaults(['editor-draft'], { gcTime: Infinity });
    return () => {
      const { dirty: unsaved, ...kept } = latest.current;
      if (unsaved) queryClient.setQueryData<StashedDraft>(draftKey(fileId), kept);
      else queryClient.removeQueries({ queryKey: draftKey(fileId) });
    };
  }, [queryClient, fileId]);
}

/** What a write changes on the page: the file, the lists, its versions, and its plan (saving an accepted proposal may have made its plan the file's). */
function useAfterWrite(fileId: string) {
  const utils = trpc.useUtils();
  return (updated: FileDetails) => {
    utils.files.get.setData({ id: fileId }, updated);
    void utils.files.list.invalidate();
    void utils.files.versions.invalidate({ id: fileId });
    void utils.ai.plan.invalidate({ fileId });
    void utils.projects.list.invalidate();
  };
}

/** What an accepted proposal was asked with. A chat follow-up's offer does not carry it: the chat it came from still holds it. */
function useProposalRequest(projectId: string) {
  const utils = trpc.useUtils();
  return (accepted: { id: string; prompt?: string }) => accepted.prompt ?? requestOfProposal(utils.chat.messages.getData({ projectId }), accepted.id);
}

export function useFileEditor(file: FileDetails) {
  const queryClient = useQueryClient();
  const template = templateFor(file.filename, file.content);
  const [stash] = useState(() => stashedDraft(queryClient, file));
  const [saved, setSaved] = useState(file.content);
  const [draft, setDraft] = useState(stash?.draft ?? (file.content === '' ? template : file.content));
  // The next save's reason: 'ai_change' once an AI proposal has been accepted (kept in history).
  const [reason, setReason] = useState<Reason>(stash?.reason ?? 'save');
  const [seen, setSeen] = useState(file.content);
  const requestOf = useProposalRequest(file.projectId);
  const saveMutation = trpc.files.save.useMutation();
  // The AI proposal accepted into the draft, with what it asked for: saving tells the server, which
  // settles it (no refund any more), keeps the request with the text it replaces (the history shows
  // it) and, for a chat follow-up, keeps the builtin assistant's new plan of the file.
  const acceptedProposal = useRef<{ id: string; prompt?: string } | null>(null);
  const restoreMutation = trpc.files.restore.useMutation();
  const showingTemplate = saved === '' && template !== '' && draft === template;
  const dirty = draft !== saved && !showingTemplate;

  useStashOnLeave(file.id, { base: saved, draft, reason, dirty });
  const afterWrite = useAfterWrite(file.id);

  // The server's text changed under us (a chat reply rewrote the file): follow it unless the
  // person has edits of their own, which are never overwritten.
  if (file.content !== seen) {
    setSeen(file.content);
    if (!dirty) setDraft(file.content === '' ? template : file.content);
    setSaved(file.content);
  }

  const save = async () => {
    const content = draft;
    try {
      const accepted = acceptedProposal.current;
      const prompt = reason === 'ai_change' && accepted ? requestOf(accepted) : undefined;
      const updated = await saveMutation.mutateAsync({ id: file.id, content, reason, ...(accepted ? { proposalId: accepted.id } : {}), ...(prompt ? { prompt } : {}) });
      acceptedProposal.current = null;
      setSaved(content);
      setReason('save');
      afterWrite(updated);
      notifySuccess('File saved successfully!', file.filename);
    } catch (err) {
      notifyError('Failed to save file', errorMessage(err, 'Please try again.'));
    }
  };

  const restore = async (versionId: string) => {
    try {
      const updated = await restoreMutation.mutateAsync({ id: file.id, versionId });
      setSaved(updated.content);
      setDraft(updated.content);
      setReason('save');
      afterWrite(updated);
      notifySuccess('Version restored', 'The editor shows the restored text; the text it replaced is kept in the history.');
      return true;
    } catch (err) {
      notifyError('Failed to restore version', errorMessage(err, 'Please try again.'));
      return false;
    }
  };

  /** An accepted AI proposal: editor text only, the person still saves. */
  const applyProposal = (code: string, proposalId: string, prompt?: string) => {
    setDraft(code);
    setReason('ai_change');
    acceptedProposal.current = { id: proposalId, ...(prompt ? { prompt } : {}) };
  };

  return {
    draft,
    setDraft,
    dirty,
    showingTemplate,
    save,
    saving: saveMutation.isPending,
    restore,
    restoring: restoreMutation.isPending,
    applyProposal,
  };
}
