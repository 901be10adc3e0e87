// One rule of the plan card: its plain words (greyed, with the reason, when the platform cannot do
// it), its blanks to fill, and Edit / Remove.
import { useState } from 'react';
import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { BotPlan } from '../../../../shared/bot-plan.schema';
import { fillBlank, type PlanBlank } from '../../../../shared/bot-plan-words';
import { Tooltip } from '../../../components/LazyTooltip';
import { BlankField } from './BlankField';
import { editRule, removeRule } from './plan-edits';
import { WordsWithBlanks } from '../../../components/AssistantReply';
import { RuleEditor } from './RuleEditor';
import type { PlanEdit } from './use-plan-edit';
import classes from './PlanCard.module.css';

interface RuleLineProps {
  plan: BotPlan;
  rule: { id: string; words: string; unsupported?: string };
  blanks: PlanBlank[];
  edit: PlanEdit;
}

export function RuleLine({ plan, rule, blanks, edit }: RuleLineProps) {
  const [editing, setEditing] = useState(false);
  const planRule = plan.rules.find((r) => r.id === rule.id);
  if (!planRule) return null;
  const busy = edit.pending;
  const mine = edit.sentBy === rule.id;

  return (
    <Box
      className={classes.rule}
      role="listitem"
      aria-label={rule.words}
      data-rule={rule.id}
      data-unsupported={rule.unsupported ? true : undefined}
      data-has-blank={blanks.length > 0 || undefined}
    >
      <Group gap={6} align="flex-start" wrap="nowrap">
        <Text size="sm" className={classes.words}>
          <WordsWithBlanks words={rule.words} />
        </Text>
        {!editing && (
          <Group gap={2} wrap="nowrap" className={classes.ruleActions}>
            <Tooltip label="Edit this rule" openDelay={300}>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Edit: ${rule.words}`} onClick={() => setEditing(true)} disabled={busy}>
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove this rule" openDelay={300}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Remove: ${rule.words}`}
                loading={busy && edit.sentBy === `remove:${rule.id}`}
                disabled={busy}
                onClick={() => void edit.propose(removeRule(plan, rule.id), `remove:${rule.id}`)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {rule.unsupported && (
        <Text size="xs" c="dimmed" mt={2}>
          Not on this platform: {rule.unsupported}
        </Text>
      )}
      {editing ? (
        <RuleEditor
          rule={planRule}
          prefix={plan.settings.prefix}
          pending={mine}
          onCancel={() => setEditing(false)}
          onSave={(trigger, texts) => {
            void edit.propose(editRule(plan, rule.id, trigger, texts), rule.id).then((sent) => sent && setEditing(false));
          }}
        />
      ) : (
        blanks.map((blank) => {
          const key = `blank:${rule.id}:${blank.path.join('.')}`;
          return (
            <BlankField
              key={key}
              blank={blank}
              pending={edit.sentBy === key}
              disabled={busy}
              onFill={(text) => edit.propose(fillBlank(plan, blank.ruleId, blank.path, text), key)}
            />
          );
        })
      )}
    </Box>
  );
}
