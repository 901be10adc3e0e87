// The Dependencies panel: what the selected file imports (checked as soon as the
// file is selected, again by Check Dependencies), each tagged Node.js, TypeScript or Python,
// 'Install Dependencies', the installation log (also written to the console) and the success banner.
import '../../mantine-styles-pages';
import { Alert, Badge, Box, Button, EmptyState, Group, Loader, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPackage, IconPackageImport, IconSearch } from '@tabler/icons-react';
import type { DetectedPackage, ImportLanguage } from '../../../shared/runner.schema';
import { notifyError } from '../../lib/notify';
import { useFollowNewest } from '../../lib/use-follow-newest';
import { ecosystemLabel, installCommandFor } from '../runner-languages';
import type { WorkspaceFile } from '../../lib/workspace';
import { WorkspacePanel } from '../../components/WorkspacePanel';
import type { ConsoleNote } from '../use-runner';
import { useInstall } from './use-install';
import classes from './DependenciesPanel.module.css';

export interface DependencyAnalysis {
  fileId: string;
  language: ImportLanguage;
  imports: string[];
  packages: DetectedPackage[];
}

interface DependenciesPanelProps {
  file: WorkspaceFile | null;
  analysis: DependencyAnalysis | null;
  analyzing: boolean;
  /** The last check of the file's imports failed (Check Dependencies tries again). */
  failed?: boolean;
  /** The installation's lines, as they come, for the console. */
  onInstallLog?: (lines: ConsoleNote[]) => void;
  className?: string;
}

const TAG_COLORS = { Python: 'blue', 'Node.js': 'green', TypeScript: 'indigo' } as const;

function PackageList({ analysis }: { analysis: DependencyAnalysis }) {
  const tag = ecosystemLabel(analysis.language);
  return (
    <ul className={classes.list} aria-label="Detected imports">
      {analysis.packages.map((p) => (
        <li key={`${p.module}:${p.package}`} className={classes.item}>
          <Group gap="sm" wrap="nowrap">
            <IconPackage size={16} stroke={1.6} className={classes.itemIcon} />
            <Box miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={600} ff="monospace" truncate="end" title={p.package}>
                {p.package}
              </Text>
              {p.module !== p.package && (
                <Text size="xs" c="dimmed" ff="monospace" truncate="end">
                  import {p.module}
                </Text>
              )}
            </Box>
            <Badge size="sm" variant="light" color={TAG_COLORS[tag]} tt="none">
              {tag}
            </Badge>
          </Group>
        </li>
      ))}
    </ul>
  );
}

function InstallLog({ lines }: { lines: string[] }) {
  const { scrollerRef } = useFollowNewest([lines]);
  return (
    <pre ref={scrollerRef} className={classes.installLog} role="log" aria-label="Installation log">
      {lines.map((line, i) => (
        <div key={i} data-error={line.startsWith('Error: ') || undefined}>
          {line}
        </div>
      ))}
    </pre>
  );
}

/** What the panel knows of the file's imports: being checked, not checked (or failed), none, or the list. */
function ImportsFound({ file, shown, analyzing, failed }: { file: WorkspaceFile | null; shown: DependencyAnalysis | null; analyzing: boolean; failed: boolean }) {
  if (analyzing) {
    return (
      <Stack gap={6} aria-busy="true" aria-label="Analyzing imports">
        <Skeleton h={44} />
        <Skeleton h={44} />
      </Stack>
    );
  }
  if (!shown) {
    return (
      <EmptyState
        className={classes.empty}
        size="sm"
        withIndicatorBackground
        icon={<IconSearch size={20} stroke={1.5} />}
        title={file ? 'Imports not checked' : 'No file selected'}
        description={
          file
            ? failed
              ? `The imports of ${file.filename} could not be read. Click Check Dependencies to try again.`
              : `Click Check Dependencies to find the packages ${file.filename} imports.`
            : 'Select a file: the packages it imports are listed here.'
        }
        py="md"
        px="sm"
      />
    );
  }
  if (shown.packages.length === 0) {
    return (
      <EmptyState
        className={classes.empty}
        size="sm"
        withIndicatorBackground
        icon={<IconCircleCheck size={20} stroke={1.5} />}
        title="No dependencies detected"
        description="This file only uses built-in modules: it is ready to run."
        py="md"
        px="sm"
      />
    );
  }
  return <PackageList analysis={shown} />;
}

/** How the installation went: the success banner and its log. */
function InstallOutcome({ installer }: { installer: ReturnType<typeof useInstall> }) {
  return (
    <>
      {installer.phase === 'success' && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Dependencies installed" role="status">
          {installer.message || 'Your bot can use them on its next run.'}
        </Alert>
      )}
      {installer.log.length > 0 && (
        <div>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} lts={0.4}>
            Installation log
          </Text>
          <InstallLog lines={installer.log} />
        </div>
      )}
    </>
  );
}

export function DependenciesPanel({ file, analysis, analyzing, failed = false, onInstallLog, className }: DependenciesPanelProps) {
  const installer = useInstall(onInstallLog);
  const shown = analysis && file && analysis.fileId === file.id ? analysis : null;
  const packages = shown?.packages.map((p) => p.package) ?? [];

  const install = () => {
    if (!shown || packages.length === 0) {
      notifyError(
        'No dependencies detected',
        shown ? 'This file only uses built-in modules.' : file ? 'Click Check Dependencies to find what this file imports.' : 'Select a file first.',
      );
      return;
    }
    installer.install(shown.language, [...new Set(packages)], file?.projectId);
  };

  return (
    <WorkspacePanel
      title="Dependencies"
      icon={<IconPackage size={18} stroke={1.7} />}
      actions={
        shown && shown.packages.length > 0 ? (
          <Badge size="sm" variant="light" color="gray" tt="none">
            {shown.packages.length} detected
          </Badge>
        ) : undefined
      }
      className={className}
    >
      <ScrollArea type="auto" style={{ flex: 1, minHeight: 0 }}>
        <div className={classes.content}>
          <ImportsFound file={file} shown={shown} analyzing={analyzing} failed={failed} />
          {shown && packages.length > 0 && (
            <Text component="code" className={classes.command} aria-label="Install command">
              {installCommandFor(shown.language, packages)}
            </Text>
          )}
          <Button
            fullWidth
            variant={packages.length > 0 ? 'filled' : 'light'}
            leftSection={installer.installing ? <Loader size={14} color="gray" /> : <IconPackageImport size={16} />}
            onClick={install}
            disabled={installer.installing || analyzing}
          >
            {installer.installing ? 'Installing...' : 'Install Dependencies'}
          </Button>
          <InstallOutcome installer={installer} />
        </div>
      </ScrollArea>
    </WorkspacePanel>
  );
}
