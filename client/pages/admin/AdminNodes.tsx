// The nodes of a server on several machines (PostgreSQL): each web and runner node with its role,
// address, version, heartbeat, runs, deployed bots, memory and CPU, and Drain (after a confirmation),
// which moves a runner's bots to the other runners, or Take back. Hidden on a server of one process.
// Polled every 5 s, so a drain is seen emptying the node.
import '../../mantine-styles-pages';
import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconServer2 } from '@tabler/icons-react';
import { ConfirmBotDialog, formatCpu, formatMemory, formatUptime } from '../../components/Bots';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { NodeSummary } from '../../../shared/nodes.schema';
import { useAdminQueryError, useAdminSession } from './admin-session';

const POLL_MS = 5000;

const ROLE_LABELS: Record<NodeSummary['role'], string> = { all: 'Web + runner', web: 'Web', runner: 'Runner' };

function NodeState({ node }: { node: NodeSummary }) {
  if (!node.alive) return <Badge color="red" variant="light">Gone</Badge>;
  if (node.draining) return <Badge color="yellow" variant="light">Draining</Badge>;
  return <Badge color="teal" variant="light">Alive</Badge>;
}

function NodeRow({ node, isThis, now, onDrain }: { node: NodeSummary; isThis: boolean; now: number; onDrain: (node: NodeSummary) => void }) {
  const runsBots = node.role !== 'web';
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {node.id}
            </Text>
            {isThis && (
              <Badge size="xs" variant="outline">
                This node
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {node.url} · {node.version}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{ROLE_LABELS[node.role]}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <NodeState node={node} />
          <Text size="xs" c="dimmed">
            beat {formatUptime(Math.max(0, now - node.heartbeatAt))} ago · up {formatUptime(Math.max(0, node.heartbeatAt - node.startedAt))}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td ta="right">{node.runs}</Table.Td>
      <Table.Td ta="right">{runsBots ? node.bots : '–'}</Table.Td>
      <Table.Td ta="right">{formatMemory(node.memoryBytes)}</Table.Td>
      <Table.Td ta="right">{formatCpu(node.cpuPercent)}</Table.Td>
      <Table.Td ta="right">
        {runsBots && node.alive && (
          <Button
            size="compact-sm"
            variant="light"
            color={node.draining ? 'blue' : 'yellow'}
            leftSection={node.draining ? <IconArrowBackUp size={14} /> : <IconServer2 size={14} />}
            onClick={() => onDrain(node)}
            aria-label={`${node.draining ? 'Take back' : 'Drain'} ${node.id}`}
          >
            {node.draining ? 'Take back' : 'Drain'}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function AdminNodes({ enabled }: { enabled: boolean }) {
  const nodes = trpc.admin.nodes.useQuery(undefined, { enabled, refetchInterval: POLL_MS });
  useAdminQueryError(nodes.error, 'Failed to load nodes');
  const { fail } = useAdminSession();
  const utils = trpc.useUtils();
  const drain = trpc.admin.drainNode.useMutation();
  const undrain = trpc.admin.undrainNode.useMutation();
  const [target, setTarget] = useState<NodeSummary | null>(null);
  if (!nodes.data?.severalNodes) return null;
  const list = nodes.data.nodes;
  const alive = list.filter((n) => n.alive);
  const bots = alive.reduce((sum, n) => sum + n.bots, 0);
  // The database's clock: the newest heartbeat is "now" closely enough to say how old the others are.
  const now = Math.max(...list.map((n) => n.heartbeatAt), 0);

  const confirm = async () => {
    if (!target) return;
    try {
      const result = await (target.draining ? undrain : drain).mutateAsync({ id: target.id });
      notifySuccess(target.draining ? 'Node taken back' : 'Node draining', result.message);
      setTarget(null);
    } catch (err) {
      fail(err, target.draining ? 'Failed to take the node back' : 'Failed to drain the node');
    } finally {
      void utils.admin.nodes.invalidate();
      void utils.admin.bots.invalidate();
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Stack gap={2} mb="md">
        <Title order={2} fz="lg">
          Nodes
        </Title>
        <Text size="sm" c="dimmed">
          {`${alive.length} of ${list.length} ${list.length === 1 ? 'node' : 'nodes'} alive · ${bots} deployed ${bots === 1 ? 'bot' : 'bots'} held`}
        </Text>
      </Stack>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" aria-label="Nodes of this server">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Node</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Heartbeat</Table.Th>
              <Table.Th ta="right">Runs</Table.Th>
              <Table.Th ta="right">Bots</Table.Th>
              <Table.Th ta="right">Memory</Table.Th>
              <Table.Th ta="right">CPU</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((node) => (
              <NodeRow key={node.id} node={node} isThis={node.id === nodes.data.thisNode} now={now} onDrain={setTarget} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmBotDialog
        opened={target !== null}
        title={target?.draining ? 'Take this node back?' : 'Drain this node?'}
        botName={target?.id ?? ''}
        confirmLabel={target?.draining ? 'Take back' : 'Drain node'}
        loading={drain.isPending || undrain.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setTarget(null)}
      >
        {target?.draining
          ? 'New deployed bots may be placed on it again. Bots already on other runners stay where they are.'
          : 'Its deployed bots stop here one by one and start on the other runners; no new bot is placed on it until you take it back.'}
      </ConfirmBotDialog>
    </Card>
  );
}
