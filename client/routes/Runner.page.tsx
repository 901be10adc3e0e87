// /runner: running files with live logs. The execution tools come with the runner issue.
import { IconPlayerPlay, IconTerminal2 } from '@tabler/icons-react';
import { Stack } from '@mantine/core';
import { PageHeader } from '../components/PageHeader';
import { WorkspacePlaceholder } from '../components/WorkspacePlaceholder';

export function RunnerPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        icon={<IconPlayerPlay size={24} />}
        title="Run"
        description="Start your bots and watch their console output live."
      />
      <WorkspacePlaceholder
        icon={IconTerminal2}
        title="Run your bots with live logs"
        description="Pick one of your files, provide its tokens and start it. Output streams into the console as your bot runs."
        features={[
          'Detect and install the packages your bot imports',
          'Enter environment variables such as bot tokens, kept out of your code',
          'Start and stop runs, and ask the AI assistant about errors in the logs',
        ]}
      />
    </Stack>
  );
}
