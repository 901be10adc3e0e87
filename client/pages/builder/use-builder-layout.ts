// The builder's column widths, kept across reloads: the file list in pixels, and the chat's share
// (percent) of the room it shares with the editor.
import { useStoredState } from '../../lib/stored-state';
import { clamp } from '../../components/ResizeHandle/resize';

export const FILE_LIST_WIDTH = { min: 200, max: 480, step: 16, defaultValue: 320 };
export const CHAT_SHARE = { min: 25, max: 75, step: 2, defaultValue: 50 };

type Layout = { fileListWidth: number; chatShare: number };

const LAYOUT_KEY = 'botwright:builder-layout';
const INITIAL: Layout = { fileListWidth: FILE_LIST_WIDTH.defaultValue, chatShare: CHAT_SHARE.defaultValue };

/** What was stored, brought within today's bounds; anything else is ignored. */
export function parseLayout(raw: unknown): Layout | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { fileListWidth, chatShare } = raw as Record<string, unknown>;
  if (typeof fileListWidth !== 'number' || typeof chatShare !== 'number') return undefined;
  if (!Number.isFinite(fileListWidth) || !Number.isFinite(chatShare)) return undefined;
  return { fileListWidth: clamp(fileListWidth, FILE_LIST_WIDTH), chatShare: clamp(chatShare, CHAT_SHARE) };
}

export function useBuilderLayout() {
  const [layout, setLayout] = useStoredState(LAYOUT_KEY, INITIAL, parseLayout);
  return {
    ...layout,
    setFileListWidth: (fileListWidth: number) => setLayout({ ...layout, fileListWidth }),
    setChatShare: (chatShare: number) => setLayout({ ...layout, chatShare }),
  };
}
