// Three numbered steps from idea to running bot, under the action cards of the landing page.
import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

const steps = [
  { title: 'Describe it', text: 'Tell the assistant what your bot should do: answer FAQs, post updates, moderate a group.' },
  { title: 'Refine the code', text: 'Open the generated files, edit them by hand or ask the AI for changes with a preview.' },
  { title: 'Run and share', text: 'Start it with your tokens, watch the logs, and publish it for others to find.' },
];

export function HowItWorks() {
  return (
    <Stack gap="xl" mt={72}>
      <Stack gap={6} align="center" ta="center">
        <Text size="sm" fw={700} c="violet.6" tt="uppercase" lts={1}>
          How it works
        </Text>
        <Title order={2} fz={{ base: 26, sm: 32 }}>
          From idea to running bot in minutes
        </Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
        {steps.map((step, i) => (
          <Stack key={step.title} gap="xs" align="flex-start">
            <ThemeIcon size={36} radius="xl" variant="filled">
              <Text fw={800} size="sm" c="white">
                {i + 1}
              </Text>
            </ThemeIcon>
            <Text fw={700}>{step.title}</Text>
            <Text size="sm" c="dimmed" lh={1.6}>
              {step.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
