// After the assistant's answer is stored: each bot it built or changed from a plan is prepared and
// tried by the server (test-chat/plan-checks), and what happened becomes the end of the reply.
import type { ServiceCtx } from '../../trpc';
import type { CodeBlock } from '../../../shared/code-blocks';
import { prepareAndCheck } from '../test-chat/plan-checks/prepare-bot';
import type { GeneratedFrom } from './provider';

export type BuiltFile = { fileId: string; filename: string; proposed: boolean };

/** The reply's parts about the checks, one per bot file checked (none when no file has a plan). */
export async function checkBuiltBots(
  ctx: ServiceCtx,
  input: { projectId: string; built: BuiltFile[]; generated: Record<string, GeneratedFrom> | undefined; blocks: CodeBlock[]; dependencies: string[] },
  onDelta?: (text: string) => void,
): Promise<string[]> {
  const onLine = onDelta ? (line: string) => onDelta(`\n\n_${line}_`) : undefined;
  const parts: string[] = [];
  for (const { fileId, filename, proposed } of input.built) {
    const plan = input.generated?.[filename]?.plan;
    const code = input.blocks.find((b) => b.filename === filename)?.code;
    if (!plan || code === undefined) continue;
    const part = await prepareAndCheck(ctx, { projectId: input.projectId, fileId, filename, plan, code, dependencies: input.dependencies, proposed }, onLine);
    if (part) parts.push(part);
  }
  return parts;
}
