// An assistant message as React elements only (never injected HTML): prose with light formatting,
// each fenced block as code under its file name, and a plan block as its lines (or, given
// `renderPlan`, as whatever the caller shows for it: the builder's plan card).
import { Fragment, type ReactNode } from 'react';
import { ActionIcon, Box, Code, Group, List, Text } from '@mantine/core';
import { IconCopy, IconFileCode, IconTerminal2 } from '@tabler/icons-react';
import { copyText } from '../CopyCommand/copy-text';
import { inlineTokens, messageSegments, textBlocks, type Inline, type Segment } from './message-segments';
import { PlanLines } from './PlanLines';
import { ChecksFold } from './ChecksFold';
import { Tooltip } from '../LazyTooltip';
import classes from './AssistantReply.module.css';

function InlineText({ line }: { line: string }) {
  return inlineTokens(line).map((token: Inline, i) =>
    token.kind === 'code' ? (
      <Code key={i}>{token.text}</Code>
    ) : token.kind === 'bold' ? (
      <strong key={i}>{token.text}</strong>
    ) : (
      <Fragment key={i}>{token.text}</Fragment>
    ),
  );
}

function Prose({ text }: { text: string }) {
  return textBlocks(text).map((block, i) => {
    if (block.kind === 'heading') {
      return (
        <Text key={i} fw={700} size="sm" className={classes.prose}>
          <InlineText line={block.lines[0]!} />
        </Text>
      );
    }
    if (block.kind === 'bullets' || block.kind === 'numbers') {
      return (
        <List key={i} type={block.kind === 'numbers' ? 'ordered' : 'unordered'} size="sm" spacing={2} className={classes.prose}>
          {block.lines.map((line, j) => (
            <List.Item key={j}>
              <InlineText line={line} />
            </List.Item>
          ))}
        </List>
      );
    }
    return (
      <Text key={i} size="sm" className={classes.prose}>
        {block.lines.map((line, j) => (
          <Fragment key={j}>
            {j > 0 && <br />}
            <InlineText line={line} />
          </Fragment>
        ))}
      </Text>
    );
  });
}

function CodeBlock({ filename, language, code }: { filename: string | null; language: string; code: string }) {
  const title = filename ?? (language || 'code');
  return (
    <Box className={classes.codeBlock}>
      <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.codeHeader}>
        <Group gap={6} wrap="nowrap" miw={0}>
          {filename ? <IconFileCode size={14} /> : <IconTerminal2 size={14} />}
          <Text size="xs" fw={600} ff="monospace" truncate="end">
            {title}
          </Text>
        </Group>
        <Tooltip label="Copy code" openDelay={300}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Copy ${title}`} onClick={() => void copyText(code)}>
            <IconCopy size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <pre className={classes.codeBody}>
        <code>{code}</code>
      </pre>
    </Box>
  );
}

export type PlanSegment = Extract<Segment, { kind: 'plan' }>;

export function AssistantContent({ content, renderPlan }: { content: string; renderPlan?: (segment: PlanSegment) => ReactNode }) {
  return (
    <div className={classes.assistantContent}>
      {messageSegments(content).map((segment, i) =>
        segment.kind === 'text' ? (
          <Prose key={i} text={segment.text} />
        ) : segment.kind === 'checks' ? (
          <ChecksFold key={i} lines={segment.lines} />
        ) : segment.kind === 'plan' ? (
          <Fragment key={i}>{renderPlan ? renderPlan(segment) : <PlanLines filename={segment.filename} lines={segment.lines} />}</Fragment>
        ) : (
          <CodeBlock key={i} filename={segment.filename} language={segment.language} code={segment.code} />
        ),
      )}
    </div>
  );
}
