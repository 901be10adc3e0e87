// A finished assistant reply in the builder's chat: its text and code, its Files Created /
// Dependencies Required / proposed changes boxes, its plan cards and, when it made files, the next-step buttons.
// Its own module, which ChatPanel loads when a reply is first shown (or once the page is idle):
// the reply's parsing and boxes are not needed to paint an empty chat.
import { lazy, Suspense } from 'react';
import { Stack } from '@mantine/core';
import { parseAssistantReply } from '../../../../shared/code-blocks';
import { proposalsIn, withoutProposalLines } from '../../../../shared/proposals';
import type { WorkspaceFile } from '../../../lib/workspace';
import { AssistantBubble, AssistantContent, PlanLines, type PlanSegment } from '../../../components/AssistantReply';
import { NextStepsRow, type NextStepActions } from './NextSteps';
import { nextSteps } from './next-steps';
import { DependenciesBox, FilesCreatedBox, ProposedChangesBox, useDependencyInstall } from './ReplyBoxes';

// The card's forms load with the first plan shown; its lines show until then.
const PlanCard = lazy(() => import('../PlanCard/PlanCard'));

interface AssistantMessageProps extends NextStepActions<WorkspaceFile> {
  content: string;
  files: WorkspaceFile[];
}

export function AssistantMessage({ content, files, ...actions }: AssistantMessageProps) {
  const reply = parseAssistantReply(content);
  const { blocks, dependencies } = reply;
  const proposed = proposalsIn(content);
  const created = blocks.filter((b) => !proposed.some((p) => p.filename === b.filename));
  // The server installed and ran the bot itself: its packages are in (checked in the test chat).
  const installed = /\*\*Checked in the test chat/.test(content);
  const found = nextSteps({ blocks: created, dependencies }, files);
  const steps = found && installed ? { ...found, install: false } : found;
  // The main file decides pip or npm; without one, the first block does, as before.
  const install = useDependencyInstall(dependencies, steps?.file.filename ?? blocks[0]?.filename, steps?.file.projectId ?? files[0]?.projectId);
  const renderPlan = (segment: PlanSegment) => (
    <Suspense fallback={<PlanLines filename={segment.filename} lines={segment.lines} />}>
      <PlanCard filename={segment.filename} lines={segment.lines} files={files} onOpenFile={actions.onOpenFile} />
    </Suspense>
  );
  return (
    <AssistantBubble>
      <AssistantContent content={withoutProposalLines(content)} renderPlan={renderPlan} />
      {(blocks.length > 0 || dependencies.length > 0) && (
        <Stack gap="xs" mt="sm">
          {proposed.length > 0 && <ProposedChangesBox changes={proposed} blocks={blocks} files={files} onOpenFile={actions.onOpenFile} />}
          {created.length > 0 && <FilesCreatedBox filenames={created.map((b) => b.filename)} files={files} onOpenFile={actions.onOpenFile} />}
          {dependencies.length > 0 && (
            <DependenciesBox dependencies={dependencies} filename={steps?.file.filename ?? blocks[0]?.filename} install={install} installed={installed} />
          )}
        </Stack>
      )}
      {steps && <NextStepsRow steps={steps} install={install} {...actions} />}
    </AssistantBubble>
  );
}
