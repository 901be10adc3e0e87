// 'Share Your Bot': the post form. Checked with the shared schema before it is
// sent; success resets the form, closes the dialog and refreshes the feed (use-share-post.ts).
import '../../../mantine-styles-pages';
import { Button, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconKey, IconLock, IconShare } from '@tabler/icons-react';
import { ImageField } from './ImageField';
import { BotDetailsFields } from './BotDetailsFields';
import { ContactFields } from './ContactFields';
import { BotFileSelect } from './BotFileSelect';
import { useFileChoices } from './use-file-choices';
import { useSharePost } from './use-share-post';

interface ShareBotDialogProps {
  opened: boolean;
  onClose: () => void;
}

const title = (
  <Stack gap={2}>
    <Text fw={700} size="lg">
      Share Your Bot
    </Text>
    <Text size="sm" c="dimmed">
      Post it on the community feed so others can find, try and remix it.
    </Text>
  </Stack>
);

export function ShareBotDialog({ opened, onClose }: ShareBotDialogProps) {
  const { form, image, setImage, pending, close, submit } = useSharePost(onClose);
  const files = useFileChoices();
  const phone = useMediaQuery('(max-width: 36em)');

  return (
    <Modal opened={opened} onClose={close} fullScreen={phone} size="xl" radius="lg" title={title}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <BotDetailsFields form={form} disabled={pending} />
          <ImageField value={image} onChange={setImage} disabled={pending} />
          <ContactFields form={form} disabled={pending} />

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Public Handle (optional)"
              description="Public: shown on the post as its Access Key."
              placeholder="e.g. weather_buddy_bot"
              leftSection={<IconKey size={16} />}
              maxLength={64}
              disabled={pending}
              key={form.key('publicAccessKey')}
              {...form.getInputProps('publicAccessKey')}
            />
            <BotFileSelect form={form} options={files.options} loading={files.loading} disabled={pending} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            <IconLock size={12} style={{ verticalAlign: -1 }} /> Never include bot tokens or API keys: posts that contain them are refused.
          </Text>

          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" miw={120} leftSection={pending ? <Loader size={14} color="white" /> : <IconShare size={16} />} aria-busy={pending}>
              {pending ? 'Sharing...' : 'Share'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
