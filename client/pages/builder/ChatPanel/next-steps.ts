// Which next-step buttons sit under an assistant reply: only a
// reply whose code blocks are files in the workspace gets them, and they act on its main file.
import { extensionOf } from '../../../../shared/filenames';
import { detectPlatform } from '../../../../shared/platform';

export interface StepFile {
  id: string;
  filename: string;
  content: string;
  projectId?: string | null;
}

export interface NextSteps<F extends StepFile = StepFile> {
  /** The file Open in editor, Set token, Test chat and Run act on. */
  file: F;
  /** The reply lists dependencies ('Dependencies: a, b'). */
  install: boolean;
  /** A Telegram bot, which the builder's test chat can talk to. */
  testChat: boolean;
}

// The files a bot runs from; requirements.txt, package.json or a README are never the main file.
const RUNNABLE = new Set(['py', 'js', 'mjs', 'cjs', 'ts']);

export function nextSteps<F extends StepFile>(
  reply: { blocks: ReadonlyArray<{ filename: string }>; dependencies: readonly string[] },
  files: readonly F[],
): NextSteps<F> | null {
  // Matched by name, as Files Created does: a later reply may have rewritten the same file.
  const present = reply.blocks.map((b) => files.find((f) => f.filename === b.filename)).filter((f): f is F => f !== undefined);
  const file = present.find((f) => RUNNABLE.has(extensionOf(f.filename))) ?? present[0];
  if (!file) return null;
  return {
    file,
    install: reply.dependencies.length > 0,
    // The saved file is what runs, as in the editor's header.
    testChat: detectPlatform(file.filename, file.content) === 'telegram',
  };
}
