// A form's title. Inside a dialog it is the dialog's title (Modal.Title), so the dialog is named
// by it for screen readers; on a page it is an ordinary heading.
import type { ReactNode } from 'react';
import { Modal, Stack, Text, Title } from '@mantine/core';

interface FormHeadingProps {
  inDialog?: boolean;
  title: string;
  subtitle?: ReactNode;
}

export function FormHeading({ inDialog, title, subtitle }: FormHeadingProps) {
  return (
    <Stack gap={4} mb="lg">
      {inDialog ? (
        <Modal.Title fz={22} fw={750}>
          {title}
        </Modal.Title>
      ) : (
        <Title order={2} fz={24}>
          {title}
        </Title>
      )}
      {subtitle && (
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
