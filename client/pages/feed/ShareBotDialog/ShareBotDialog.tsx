// 'Share Your Bot': the post form. Checked with the shared schema before it is
// sent; success resets the form, closes the dialog and refreshes the feed.
import '../../../mantine-styles-pages';
import { useMemo, useState } from 'react';
import { Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput, type ComboboxItem } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandTelegram, IconBrandX, IconFileCode, IconKey, IconLock, IconMail, IconShare } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useFiles, useProjects } from '../../../lib/workspace';
import { PLATFORM_OPTIONS } from '../../../components/PostCard';
import { ImageField, type PickedImage } from './ImageField';
import { checkShareForm, emptyShareForm, type ShareFormValues } from './share-form';
import { fileChoices, type FileChoice } from './file-choices';
import classes from './ShareBotDialog.module.css';

interface ShareBotDialogProps {
  opened: boolean;
  onClose: () => void;
}

// Under its bot's heading an option needs only its file name; the box shows the whole label.
const renderFileChoice = ({ option }: { option: ComboboxItem }) => <span className={classes.fileOption}>{(option as FileChoice).filename}</span>;

export function ShareBotDialog({ opened, onClose }: ShareBotDialogProps) {
  const utils = trpc.useUtils();
  const create = trpc.feed.create.useMutation();
  const files = useFiles();
  const bots = useProjects();
  const phone = useMediaQuery('(max-width: 36em)');
  const [image, setImage] = useState<PickedImage | null>(null);
  const form = useForm<ShareFormValues>({ mode: 'controlled', initialValues: emptyShareForm });
  const pending = create.isPending;

  const fileOptions = useMemo(() => fileChoices(files.data ?? [], bots.data ?? []), [files.data, bots.data]);

  const close = () => {
    // The draft stays for next time; only a successful share clears it.
    if (!pending) onClose();
  };

  const submit = async (values: ShareFormValues) => {
    if (pending) return;
    const check = checkShareForm(values, image?.dataUrl);
    if (!check.ok) {
      form.setErrors(check.errors);
      if (check.missingRequired) notifyError('Please fill in all required fields');
      return;
    }
    try {
      await create.mutateAsync(check.input);
      notifySuccess('Bot posted successfully!', check.input.title);
      form.reset();
      setImage(null);
      onClose();
      void utils.feed.list.invalidate();
    } catch (err) {
      notifyError('Failed to post bot', errorMessage(err, 'Please try again.'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen={phone}
      size="xl"
      radius="lg"
      title={
        <Stack gap={2}>
          <Text fw={700} size="lg">
            Share Your Bot
          </Text>
          <Text size="sm" c="dimmed">
            Post it on the community feed so others can find, try and remix it.
          </Text>
        </Stack>
      }
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Bot Name" placeholder="e.g. Weather Buddy" withAsterisk maxLength={100} disabled={pending} key={form.key('title')} {...form.getInputProps('title')} />
            <Select
              label="Platform"
              placeholder="Select a platform"
              withAsterisk
              data={PLATFORM_OPTIONS}
              allowDeselect={false}
              disabled={pending}
              key={form.key('platform')}
              {...form.getInputProps('platform')}
              value={form.values.platform || null}
              onChange={(value) => form.setFieldValue('platform', (value ?? '') as ShareFormValues['platform'])}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            placeholder="What does your bot do, and how do people use it?"
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            disabled={pending}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <ImageField value={image} onChange={setImage} disabled={pending} />

          <Stack gap={6}>
            <Text className={classes.section}>Contact Information</Text>
            <Text size="xs" c="dimmed" mt={-4}>
              Optional. Handles only: the feed turns them into links.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="Telegram username" placeholder="username" leftSection={<IconBrandTelegram size={16} />} disabled={pending} key={form.key('contactInfo.telegram')} {...form.getInputProps('contactInfo.telegram')} />
              <TextInput label="Email address" placeholder="you@example.com" type="email" leftSection={<IconMail size={16} />} disabled={pending} key={form.key('contactInfo.email')} {...form.getInputProps('contactInfo.email')} />
              <TextInput label="Twitter handle" placeholder="handle" leftSection={<IconBrandX size={16} />} disabled={pending} key={form.key('contactInfo.twitter')} {...form.getInputProps('contactInfo.twitter')} />
            </SimpleGrid>
          </Stack>

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
            <Select
              label="Attach a bot file (optional)"
              description="Others can remix a copy into their workspace."
              placeholder={files.isLoading ? 'Loading your files...' : fileOptions.length ? 'Choose one of your files' : 'No files yet'}
              data={fileOptions}
              renderOption={renderFileChoice}
              searchable
              clearable
              nothingFoundMessage="No file with that name"
              leftSection={<IconFileCode size={16} />}
              disabled={pending || fileOptions.length === 0}
              key={form.key('fileId')}
              {...form.getInputProps('fileId')}
            />
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
