// The next steps under a reply that made files: open the main file, set its token, install what the
// reply lists, talk to a Telegram bot in the test chat, or run it. Each reuses the builder's or the
// runner's own action; the choice of buttons is next-steps.ts.
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconBrandTelegram, IconFileCode, IconKey, IconPackage, IconPlayerPlay } from '@tabler/icons-react';
import type { DependencyInstall } from './ReplyBoxes';
import type { NextSteps, StepFile } from './next-steps';
import classes from './ChatPanel.module.css';

export interface NextStepActions<F extends StepFile = StepFile> {
  onOpenFile: (id: string) => void;
  onSetToken: (file: F) => Promise<void>;
  onTestChat: (id: string) => void;
  onRun: (id: string) => void;
}

interface NextStepsRowProps<F extends StepFile> extends NextStepActions<F> {
  steps: NextSteps<F>;
  install: DependencyInstall;
}

export function NextStepsRow<F extends StepFile>({ steps, install, onOpenFile, onSetToken, onTestChat, onRun }: NextStepsRowProps<F>) {
  const { file } = steps;
  const [opening, setOpening] = useState(false);
  const setToken = async () => {
    setOpening(true);
    await onSetToken(file).finally(() => setOpening(false));
  };
  return (
    <div className={classes.nextSteps}>
      <Text size="xs" c="dimmed" mb={6}>
        Next steps for <span className={classes.nextStepsFile}>{file.filename}</span>
      </Text>
      <Group gap={6} role="group" aria-label="Next steps">
        <Button size="compact-sm" variant="default" leftSection={<IconFileCode size={14} />} onClick={() => onOpenFile(file.id)}>
          Open in editor
        </Button>
        <Button size="compact-sm" variant="default" leftSection={<IconKey size={14} />} loading={opening} onClick={() => void setToken()}>
          Set token
        </Button>
        {steps.install && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPackage size={14} />}
            loading={install.isPending}
            onClick={install.install}
          >
            Install dependencies
          </Button>
        )}
        {steps.testChat && (
          <Button size="compact-sm" variant="light" color="blue" leftSection={<IconBrandTelegram size={14} />} onClick={() => onTestChat(file.id)}>
            Test chat
          </Button>
        )}
        <Button size="compact-sm" variant="light" color="green" leftSection={<IconPlayerPlay size={14} />} onClick={() => onRun(file.id)}>
          Run
        </Button>
      </Group>
    </div>
  );
}
