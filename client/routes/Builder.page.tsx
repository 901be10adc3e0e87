// /builder: the AI chat workspace. Its chat, file browser and editor come with the builder issue.
import { IconHammer, IconMessageChatbot } from '@tabler/icons-react';
import { Stack } from '@mantine/core';
import { PageHeader } from '../components/PageHeader';
import { WorkspacePlaceholder } from '../components/WorkspacePlaceholder';

export function BuilderPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        icon={<IconHammer size={24} />}
        title="Builder"
        description="Chat with the AI assistant to create and edit your bot's code files."
      />
      <WorkspacePlaceholder
        icon={IconMessageChatbot}
        title="Chat with the assistant to create bot files"
        description="Describe a bot for Telegram, Twitter, WhatsApp, Discord or any social platform, and the assistant writes the code for you. This is where that conversation will happen."
        features={[
          'Ask for a bot in plain words; generated files appear in your file browser',
          'Open any file in the code editor and save your changes',
          'Request AI modifications and preview them before accepting',
        ]}
      />
    </Stack>
  );
}
