// 'Your Files' in the sidebar. The file list arrives with the builder issue; until then the
// list is empty and says how to get a first file.
import { Paper, Text } from '@mantine/core';

export function SidebarFiles() {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" style={{ borderStyle: 'dashed' }}>
      <Text size="xs" c="dimmed" ta="center">
        No files yet. Create your first bot to get started!
      </Text>
    </Paper>
  );
}
