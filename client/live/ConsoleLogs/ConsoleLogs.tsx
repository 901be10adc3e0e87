// Console Logs: the selected file's run output, each line prefixed with its time and level
// (log-levels.ts: only real errors are red and counted), in the bot's colours, following the newest
// line unless the reader scrolled up.
// 'AI Help' opens the assistant with these lines; 'History' the bot's earlier output. The header
// fits any width: labels become icons, and on the narrowest Clear and History share a menu.
import '../../mantine-styles-pages';
import { useLayoutEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Menu, Text, Tooltip } from '@mantine/core';
import { IconDotsVertical, IconEraser, IconHistory, IconSparkles, IconTerminal2 } from '@tabler/icons-react';
import type { LogLine } from '../runner-logs';
import { LogHistoryDrawer } from '../RunHistory';
import { useFollowNewest } from '../../lib/use-follow-newest';
import { WorkspacePanel } from '../../components/WorkspacePanel';
import { JumpToNewest } from '../../components/JumpToNewest';
import { ConsoleLine } from './ConsoleLine';
import classes from './ConsoleLogs.module.css';

interface ConsoleLogsProps {
  lines: LogLine[];
  onAiHelp: () => void;
  onClear: () => void;
  /** The selected file's bot: 'History' shows its earlier output. */
  projectId?: string | null;
  className?: string;
}

/** The header's counts and buttons; a narrow console shows History and AI Help as icons. */
function ConsoleActions({ lines, onAiHelp, onClear, onHistory, projectId }: { lines: LogLine[]; onAiHelp: () => void; onClear: () => void; onHistory: () => void; projectId: string | null }) {
  const errors = lines.reduce((n, l) => n + (l.level === 'error' ? 1 : 0), 0);
  const historyHint = projectId ? "This bot's earlier output" : 'Select a file to see its earlier output';
  return (
    <>
      {lines.length > 0 && (
        <Text size="xs" c="dimmed" visibleFrom="xs" className={classes.count}>
          {lines.length} {lines.length === 1 ? 'line' : 'lines'}
        </Text>
      )}
      {errors > 0 && (
        <Badge size="sm" color="red" variant="light" tt="none" className={classes.noShrink} title={`${errors} ${errors === 1 ? 'error' : 'errors'}`}>
          {errors}
          <span className={classes.roomy}> {errors === 1 ? 'error' : 'errors'}</span>
        </Badge>
      )}
      <Tooltip label="Clear console" openDelay={300}>
        <ActionIcon variant="subtle" color="gray" aria-label="Clear console" onClick={onClear} disabled={lines.length === 0} className={classes.roomy}>
          <IconEraser size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={historyHint} openDelay={300}>
        <Button size="xs" variant="default" leftSection={<IconHistory size={14} />} onClick={onHistory} disabled={!projectId} aria-haspopup="dialog" className={classes.wide}>
          History
        </Button>
      </Tooltip>
      <Tooltip label={historyHint} openDelay={300}>
        <ActionIcon size="md" variant="default" aria-label="History" onClick={onHistory} disabled={!projectId} aria-haspopup="dialog" className={`${classes.narrow} ${classes.roomy}`}>
          <IconHistory size={16} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon size="md" variant="default" aria-label="Console actions" className={classes.menu}>
            <IconDotsVertical size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEraser size={14} />} onClick={onClear} disabled={lines.length === 0}>
            Clear console
          </Menu.Item>
          <Menu.Item leftSection={<IconHistory size={14} />} onClick={onHistory} disabled={!projectId}>
            History
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button size="xs" variant="light" leftSection={<IconSparkles size={14} />} onClick={onAiHelp} className={classes.wide}>
        AI Help
      </Button>
      <Tooltip label="AI Help: explain these logs" openDelay={300}>
        <ActionIcon size="md" variant="light" aria-label="AI Help" onClick={onAiHelp} className={classes.narrow}>
          <IconSparkles size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** The lines, following the newest unless the reader has scrolled up to read back; a cleared console follows again. */
function ConsoleOutput({ lines }: { lines: LogLine[] }) {
  const { scrollerRef, following, jumpToNewest } = useFollowNewest([lines], { slack: 24 });
  const empty = lines.length === 0;
  useLayoutEffect(() => {
    if (empty) jumpToNewest();
  }, [empty, jumpToNewest]);

  return (
    <div className={classes.terminal}>
      {empty ? (
        <div className={classes.empty}>
          <IconTerminal2 size={32} stroke={1.4} className={classes.emptyIcon} />
          <Text size="sm" fw={600} className={classes.emptyTitle}>
            No logs yet
          </Text>
          <Text size="sm">Select a file and click Start to see its output here.</Text>
        </div>
      ) : (
        <div ref={scrollerRef} className={classes.scroller} role="log" aria-label="Console output" aria-live="off" tabIndex={0}>
          {lines.map((line) => (
            <ConsoleLine key={line.id} line={line} />
          ))}
        </div>
      )}
      {!following && !empty && (
        <JumpToNewest className={classes.jump} onClick={jumpToNewest} />
      )}
    </div>
  );
}

export function ConsoleLogs({ lines, onAiHelp, onClear, projectId = null, className }: ConsoleLogsProps) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <WorkspacePanel
      title="Console Logs"
      icon={<IconTerminal2 size={18} stroke={1.7} />}
      className={className ? `${classes.panel} ${className}` : classes.panel}
      actions={<ConsoleActions lines={lines} onAiHelp={onAiHelp} onClear={onClear} onHistory={() => setHistoryOpen(true)} projectId={projectId} />}
    >
      <ConsoleOutput lines={lines} />
      <LogHistoryDrawer projectId={projectId} opened={historyOpen && projectId !== null} onClose={() => setHistoryOpen(false)} />
    </WorkspacePanel>
  );
}
