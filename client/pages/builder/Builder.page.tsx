// /builder: file browser, chat and, with a file open, the editor beside the chat, with handles
// between the columns to resize them (kept across reloads, use-builder-layout.ts).
// The open file lives in the URL (?file=ID) so the sidebar, the chat's boxes and a reload agree.
import { lazy, Suspense, useRef, useState, type CSSProperties } from 'react';
import { Box, Center, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
// The panel's module itself: the folder's index also exports the reply parts, which load later.
import { ChatPanel } from './ChatPanel/ChatPanel';
import { EditorPanel } from './EditorPanel';
import { FileBrowser } from './FileBrowser';
import { useBotSwitchKey } from '../../lib/workspace';
import { usePageTitle } from '../../lib/page-title';
import { ResizeHandle } from '../../components/ResizeHandle';
import { CHAT_SHARE, FILE_LIST_WIDTH, useBuilderLayout } from './use-builder-layout';
import classes from './Builder.module.css';

// Loaded when first opened (?chat=test): the test chat brings the runner's client and the console.
const TestChatPanel = lazy(() => import('../../live/TestChat/TestChatPanel').then((m) => ({ default: m.TestChatPanel })));

function ColumnLoading({ label }: { label?: string }) {
  return (
    <Center className={classes.editorLoading}>
      <Loader aria-label={label} />
    </Center>
  );
}

/**
 * The test chat of a Telegram bot takes the assistant's column (?chat=test); the assistant stays
 * mounted underneath, so a reply being written is not lost. Only the button starts the bot: a reload
 * with the chat open does not restart anything.
 */
function useTestChatColumn() {
  const [params, setParams] = useSearchParams();
  const fileId = params.get('file');
  const testChat = fileId !== null && params.get('chat') === 'test';
  const [startTest, setStartTest] = useState(false);
  // The editor's button opens the chat for the open file, a chat reply's for the file it made.
  const openTestChat = (id = fileId) => {
    if (id === null) return;
    setStartTest(true);
    setParams({ file: id, chat: 'test' });
  };
  const closeTestChat = () => {
    setStartTest(false);
    if (fileId !== null) setParams({ file: fileId }, { replace: true });
  };
  return { testChat, startTest, openTestChat, closeTestChat };
}

export function BuilderPage() {
  usePageTitle('Builder');
  const [params, setParams] = useSearchParams();
  const fileId = params.get('file');
  // Each bot has its own conversation: switching bots starts the chat panel afresh.
  const botKey = useBotSwitchKey();
  // Chat and editor each need room: with a file open the browser folds to a rail unless the
  // screen is wide, and the person can always fold or unfold it.
  const wide = useMediaQuery('(min-width: 105em)', true, { getInitialValueInEffect: false });

  const [browserChoice, setBrowserChoice] = useState<'auto' | 'open' | 'folded'>('auto');
  const folded = browserChoice === 'auto' ? fileId !== null && !wide : browserChoice === 'folded';

  const { testChat, startTest, openTestChat, closeTestChat } = useTestChatColumn();
  const openFile = (id: string) => setParams({ file: id });
  const closeFile = () => setParams({}, { replace: true });

  const layout = useBuilderLayout();
  const chatColumn = useRef<HTMLDivElement>(null);
  const testChatColumn = useRef<HTMLDivElement>(null);
  const editorColumn = useRef<HTMLDivElement>(null);
  /** Pixels per percent of the room the chat (or the test chat) and the editor share. */
  const chatPixelsPerPercent = () =>
    (((testChat ? testChatColumn : chatColumn).current?.offsetWidth ?? 0) + (editorColumn.current?.offsetWidth ?? 0)) / 100;
  const widths = { '--bw-file-list-width': `${layout.fileListWidth}px`, '--bw-chat-share': layout.chatShare } as CSSProperties;

  return (
    <Box className={classes.workspace} data-file-open={fileId !== null || undefined} style={widths}>
      <FileBrowser
        id="builder-file-list"
        selectedId={fileId}
        onOpen={openFile}
        collapsed={folded}
        onToggle={() => setBrowserChoice(folded ? 'open' : 'folded')}
      />
      {!folded && (
        <ResizeHandle
          className={classes.handle}
          label="Resize the file list"
          controls="builder-file-list"
          value={layout.fileListWidth}
          {...FILE_LIST_WIDTH}
          onChange={layout.setFileListWidth}
          valueText={(v) => `${v} pixels wide`}
        />
      )}
      <div className={classes.chat} id="builder-chat" ref={chatColumn} hidden={testChat}>
        <ChatPanel key={botKey} onOpenFile={openFile} onTestChat={openTestChat} />
      </div>
      {testChat && fileId !== null && (
        <div className={classes.chat} id="builder-test-chat" ref={testChatColumn}>
          <Suspense fallback={<ColumnLoading label="Loading the test chat" />}>
            <TestChatPanel key={fileId} fileId={fileId} startOnOpen={startTest} onClose={closeTestChat} />
          </Suspense>
        </div>
      )}
      {fileId !== null && (
        <ResizeHandle
          className={classes.handle}
          label="Resize the chat and the editor"
          controls={testChat ? 'builder-test-chat' : 'builder-chat'}
          value={layout.chatShare}
          {...CHAT_SHARE}
          onChange={layout.setChatShare}
          pixelsPerUnit={chatPixelsPerPercent}
          valueText={(v) => `Chat ${v}%, editor ${100 - v}%`}
        />
      )}
      {fileId !== null && (
        <div className={classes.editor} ref={editorColumn}>
          <Suspense fallback={<ColumnLoading />}>
            <EditorPanel key={fileId} fileId={fileId} onClose={closeFile} onTestChat={() => openTestChat()} />
          </Suspense>
        </div>
      )}
    </Box>
  );
}
