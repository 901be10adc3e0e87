// One open file: header, the modify box or preview banner, and the code (or the AI proposal as a
// diff), plus the history drawer, the rename dialog and the delete confirmation.
import '../../../mantine-styles-pages';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Box, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconTemplate } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { detectPlatform } from '../../../../shared/platform';
import { errorMessage } from '../../../lib/http-error';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useBotFiles, useWorkspaceRefresh } from '../../../lib/workspace';
import { useStoredState } from '../../../lib/stored-state';
import { useDeleteFile } from '../../../components/DeleteFileDialog';
import { SavedChatsCheck } from '../../../live/TestChat';
import { CodeArea } from './CodeArea';
import { DiffView } from './DiffView';
import { EditorHeader } from './EditorHeader';
import { ModifyBox, PreviewBanner } from './ModifyBox';
import { useFileEditor, type FileDetails } from './use-file-editor';
import { useModify } from './use-modify';
import { VersionHistory } from './VersionHistory';
import { panelFrame } from '../../../components/WorkspacePanel';
import classes from './EditorPanel.module.css';

const FileNameDialog = lazy(() => import('../FileNameDialog/FileNameDialog'));

const PLATFORM_NAMES: Record<string, string> = { telegram: 'Telegram', twitter: 'Twitter' };

/** Whether long lines wrap: one choice for every file, kept across reloads. */
const WRAP_KEY = 'botwright:editor-wrap';
const asBoolean = (raw: unknown) => (typeof raw === 'boolean' ? raw : undefined);

/** The rename dialog: the file under a new name (the dialog checks it); the editor keeps its unsaved text. */
function RenameDialog({ file, onClose }: { file: FileDetails; onClose: () => void }) {
  const renameFile = trpc.files.rename.useMutation();
  const utils = trpc.useUtils();
  const refresh = useWorkspaceRefresh();
  const botFiles = useBotFiles();
  const rename = async (filename: string): Promise<string | null> => {
    try {
      await renameFile.mutateAsync({ id: file.id, filename });
      notifySuccess('File renamed', `${file.filename} is now ${filename}`);
      await Promise.all([utils.files.get.invalidate({ id: file.id }), refresh()]);
      return null;
    } catch (err) {
      return errorMessage(err, 'The file could not be renamed. Please try again.');
    }
  };
  return (
    <Suspense fallback={null}>
      <FileNameDialog
        opened
        onClose={onClose}
        title={`Rename ${file.filename}`}
        initialName={file.filename}
        submitLabel="Rename"
        existing={(botFiles.data ?? []).map((f) => f.filename).filter((name) => name !== file.filename)}
        onSubmit={rename}
      />
    </Suspense>
  );
}

/**
 * Stacked layout (narrow screens): the editor opens under the chat, so bring it into view.
 * Two frames: CodeMirror measures itself after mounting, and until then the page is too short.
 */
function useIntoViewWhenStacked(sectionRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!window.matchMedia('(max-width: 75em)').matches) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => sectionRef.current?.scrollIntoView({ block: 'start' }));
    });
    return () => cancelAnimationFrame(frame);
  }, [sectionRef]);
}

interface EditorBodyProps {
  file: FileDetails;
  editor: ReturnType<typeof useFileEditor>;
  modify: ReturnType<typeof useModify>;
  wrap: boolean;
  telegram: boolean;
}

/** The modify box or the preview banner, the sample-bot note, and the code (or the AI proposal as a diff). */
function EditorBody({ file, editor, modify, wrap, telegram }: EditorBodyProps) {
  const previewing = modify.proposal !== null;
  const platform = PLATFORM_NAMES[detectPlatform(file.filename, editor.draft)];
  return (
    <div className={classes.body}>
      {modify.open && !previewing && (
        <ModifyBox prompt={modify.prompt} onPromptChange={modify.setPrompt} onGenerate={() => void modify.generate()} onCancel={modify.cancel} generating={modify.generating} />
      )}
      {previewing && (
        <PreviewBanner onAccept={modify.accept} onReject={modify.reject} title={modify.proposal?.title}>
          {telegram && modify.proposal && <SavedChatsCheck fileId={file.id} content={modify.proposal.code} />}
        </PreviewBanner>
      )}
      {editor.showingTemplate && !previewing && (
        <Alert color="teal" radius="md" p="xs" icon={<IconTemplate size={16} />} className={classes.banner}>
          <Text size="xs">
            This file is empty, so a sample {platform ? `${platform} ` : ''}bot is shown. Save to keep it, or replace it with your
            own code.
          </Text>
        </Alert>
      )}
      <div className={classes.codeFrame}>
        {modify.proposal ? (
          <DiffView filename={file.filename} original={modify.proposal.base} modified={modify.proposal.code} label="Proposed code" wrap={wrap} />
        ) : (
          <CodeArea filename={file.filename} value={editor.draft} onChange={editor.setDraft} wrap={wrap} />
        )}
      </div>
    </div>
  );
}

export function FileEditor({ file, onClose, onTestChat }: { file: FileDetails; onClose: () => void; onTestChat?: () => void }) {
  const navigate = useNavigate();
  const editor = useFileEditor(file);
  const [historyOpen, setHistoryOpen] = useState(false);
  // The delete hook closes the editor itself (it clears ?file when the open file goes).
  const { requestDelete, dialog } = useDeleteFile();
  const modify = useModify({
    fileId: file.id,
    filename: file.filename,
    projectId: file.projectId,
    code: editor.draft,
    onAccept: editor.applyProposal,
  });
  const previewing = modify.proposal !== null;
  const sectionRef = useRef<HTMLElement>(null);
  const [wrap, setWrap] = useStoredState(WRAP_KEY, false, asBoolean);
  const [renaming, setRenaming] = useState(false);
  useIntoViewWhenStacked(sectionRef);

  const save = () => {
    if (!editor.saving && !previewing) void editor.save();
  };
  // Ctrl/Cmd+S saves instead of opening the browser's "save page" dialog.
  useHotkeys([['mod+S', save]], [], true);

  const run = () => {
    notifyInfo('Redirecting to runner...');
    navigate('/runner', { state: { fileId: file.id } });
  };

  // The saved file is what a test runs: its platform decides whether there is a test chat.
  const telegram = detectPlatform(file.filename, file.content) === 'telegram';

  return (
    <Box ref={sectionRef} component="section" aria-label="Code editor" className={`${panelFrame} ${classes.panel}`} data-dirty={editor.dirty || undefined}>
      <EditorHeader
        filename={file.filename}
        dirty={editor.dirty}
        showingTemplate={editor.showingTemplate}
        saving={editor.saving}
        previewing={previewing}
        onRun={run}
        onModify={modify.start}
        onHistory={() => setHistoryOpen(true)}
        onDelete={() => requestDelete({ id: file.id, filename: file.filename })}
        onRename={() => setRenaming(true)}
        onSave={save}
        onClose={onClose}
        wrap={wrap}
        onToggleWrap={() => setWrap(!wrap)}
        onTestChat={telegram ? onTestChat : undefined}
      />
      <EditorBody file={file} editor={editor} modify={modify} wrap={wrap} telegram={telegram} />
      <VersionHistory
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        fileId={file.id}
        filename={file.filename}
        current={editor.draft}
        dirty={editor.dirty}
        onRestore={editor.restore}
        restoring={editor.restoring}
      />
      {dialog}
      {renaming && <RenameDialog file={file} onClose={() => setRenaming(false)} />}
    </Box>
  );
}
