// The post's required fields: the bot's name, its platform and what it does.
import '../../../mantine-styles-pages';
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { PLATFORM_OPTIONS } from '../../../components/PostCard';
import type { ShareFormValues } from './share-form';
import type { ShareForm } from './use-share-post';

export function BotDetailsFields({ form, disabled }: { form: ShareForm; disabled: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Bot Name" placeholder="e.g. Weather Buddy" withAsterisk maxLength={100} disabled={disabled} key={form.key('title')} {...form.getInputProps('title')} />
        <Select
          label="Platform"
          placeholder="Select a platform"
          withAsterisk
          data={PLATFORM_OPTIONS}
          allowDeselect={false}
          disabled={disabled}
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
        disabled={disabled}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
    </>
  );
}
