// The test run ended because a package is not installed: the pane offers to install it into the bot's
// packages, then starts the bot in test mode again. An install that fails says why.
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useFiles } from '../../lib/workspace';
import { useInstall } from '../DependenciesPanel/use-install';
import { importLanguageOf } from '../runner-languages';

export function InstallMissing({ fileId, packageName, onInstalled }: { fileId: string; packageName: string; onInstalled: () => void }) {
  const file = useFiles().data?.find((f) => f.id === fileId);
  const installer = useInstall();
  const started = useRef(false);
  useEffect(() => {
    if (started.current && installer.phase === 'success') {
      started.current = false;
      onInstalled();
    }
  }, [installer.phase, onInstalled]);
  if (!file) return null;
  return (
    <>
      {installer.phase === 'failed' && installer.message && (
        <Text size="xs" c="red.7">
          {installer.message}
        </Text>
      )}
      <Button
        size="compact-xs"
        color="blue"
        leftSection={<IconDownload size={12} />}
        loading={installer.installing}
        onClick={() => {
          started.current = true;
          installer.install(importLanguageOf(file.filename), [packageName], file.projectId);
        }}
      >
        Install {packageName}
      </Button>
    </>
  );
}
