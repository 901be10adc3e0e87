// The plan card: the plan of one file of the current bot, one line per rule in plain words, each
// blank with a field to fill, what was not built and why, the defaults chosen in a fold. Every
// change (a blank filled, a rule edited, removed or added) is rendered by the server without the AI
// and shown as a proposal in the file's editor; nothing changes until the person accepts and saves.
// Without the file or its plan, the reply's own lines show instead (PlanLines).
import '../../../mantine-styles-pages';
import { useState } from 'react';
import { Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import type { WorkspaceFile } from '../../../lib/workspace';
import { trpc } from '../../../lib/trpc';
import { AddRuleForm } from './AddRuleForm';
import { addRule } from './plan-edits';
import { PlanLines, planFrame } from '../../../components/AssistantReply';
import { RuleLine } from './RuleLine';
import { usePlanEdit } from './use-plan-edit';
import classes from './PlanCard.module.css';

interface PlanCardProps {
  /** The file the reply shows the plan of, by name; '' when it named none. */
  filename: string;
  /** The reply's lines, shown when the plan cannot be. */
  lines: string[];
  files: WorkspaceFile[];
  onOpenFile: (id: string) => void;
}

export default function PlanCard({ filename, lines, files, onOpenFile }: PlanCardProps) {
  const file = filename ? files.find((f) => f.filename === filename) : undefined;
  if (!file) return <PlanLines filename={filename} lines={lines} note={filename ? `${filename} is no longer in this bot.` : undefined} />;
  return <FilePlanCard fileId={file.id} filename={filename} lines={lines} onOpenFile={onOpenFile} />;
}

function FilePlanCard({ fileId, filename, lines, onOpenFile }: { fileId: string; filename: string; lines: string[]; onOpenFile: (id: string) => void }) {
  const query = trpc.ai.plan.useQuery({ fileId }, { retry: false, staleTime: 30_000 });
  const edit = usePlanEdit(fileId, onOpenFile);
  const [adding, setAdding] = useState(false);

  if (!query.data) {
    return query.isPending ? <PlanLines filename={filename} lines={lines} /> : <PlanLines filename={filename} lines={lines} note="The plan of this file cannot be edited here." />;
  }
  const { plan, rules, blanks, notBuilt, defaults } = query.data;

  return (
    <Paper className={planFrame.card} p="sm" radius="md" role="group" aria-label={`Plan of ${filename}`} data-busy={edit.pending || undefined}>
      <Group gap={6} mb="xs" wrap="nowrap" justify="space-between" className={planFrame.header}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconListCheck size={16} />
          <Text size="sm" fw={700}>
            Plan
          </Text>
          <Text size="xs" ff="monospace" c="dimmed" truncate="end">
            {filename}
          </Text>
        </Group>
        {edit.pending && <Loader size="xs" aria-label="Writing the change" />}
      </Group>
      {blanks.length > 0 && (
        <Text size="xs" mb={6}>
          {blanks.length === 1 ? 'One rule needs your words' : `${blanks.length} texts need your words`}: until then it is left out of the bot.
        </Text>
      )}
      <Stack gap={6} role="list" aria-label="Rules">
        {rules.map((rule) => (
          <RuleLine key={rule.id} plan={plan} rule={rule} blanks={blanks.filter((b) => b.ruleId === rule.id)} edit={edit} />
        ))}
        {rules.length === 0 && (
          <Text size="sm" c="dimmed">
            No rules yet.
          </Text>
        )}
      </Stack>
      {adding ? (
        <Box className={classes.rule} mt={6}>
          <AddRuleForm
            prefix={plan.settings.prefix}
            pending={edit.sentBy === 'add'}
            onCancel={() => setAdding(false)}
            onAdd={(rule) => void edit.propose(addRule(plan, rule), 'add').then((sent) => sent && setAdding(false))}
          />
        </Box>
      ) : (
        <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} mt={6} onClick={() => setAdding(true)} disabled={edit.pending}>
          rule
        </Button>
      )}
      {notBuilt.length > 0 && (
        <Box mt="xs">
          <Text size="xs" fw={700}>
            Not built
          </Text>
          <Stack gap={2} mt={2}>
            {notBuilt.map((part, i) => (
              <Text key={i} className={classes.notBuilt}>
                “{part.words}”: <Text span c="dimmed" inherit>{part.reason}</Text>
              </Text>
            ))}
          </Stack>
        </Box>
      )}
      {defaults.length > 0 && (
        <details className={classes.fold}>
          <summary>Chosen for you ({defaults.length})</summary>
          <ul>
            {defaults.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </Paper>
  );
}
