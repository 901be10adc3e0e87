// 'Contact Information': the optional Telegram, email and Twitter handles the feed turns into links.
import '../../../mantine-styles-pages';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandTelegram, IconBrandX, IconMail } from '@tabler/icons-react';
import type { ShareForm } from './use-share-post';
import classes from './ShareBotDialog.module.css';

export function ContactFields({ form, disabled }: { form: ShareForm; disabled: boolean }) {
  return (
    <Stack gap={6}>
      <Text className={classes.section}>Contact Information</Text>
      <Text size="xs" c="dimmed" mt={-4}>
        Optional. Handles only: the feed turns them into links.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Telegram username" placeholder="username" leftSection={<IconBrandTelegram size={16} />} disabled={disabled} key={form.key('contactInfo.telegram')} {...form.getInputProps('contactInfo.telegram')} />
        <TextInput label="Email address" placeholder="you@example.com" type="email" leftSection={<IconMail size={16} />} disabled={disabled} key={form.key('contactInfo.email')} {...form.getInputProps('contactInfo.email')} />
        <TextInput label="Twitter handle" placeholder="handle" leftSection={<IconBrandX size={16} />} disabled={disabled} key={form.key('contactInfo.twitter')} {...form.getInputProps('contactInfo.twitter')} />
      </SimpleGrid>
    </Stack>
  );
}
