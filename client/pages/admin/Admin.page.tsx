// /admin: the operator dashboard behind the admin-key gate, on its own layout (no user sign-in
// needed). A server without ADMIN_KEY says so instead of showing a gate that cannot open.
import '../../mantine-styles-pages';
import { Button, Center, Loader } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { LoadError } from '../../components/LoadError';
import { AdminDashboard } from './AdminDashboard';
import { AdminDisabled } from './AdminDisabled';
import { AdminGate } from './AdminGate';
import { AdminLayout } from './AdminLayout';
import { AdminSessionProvider, useAdminSession } from './admin-session';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/page-title';

export function AdminPage() {
  usePageTitle('Admin');
  return (
    <AdminSessionProvider>
      <AdminScreen />
    </AdminSessionProvider>
  );
}

function AdminScreen() {
  const status = trpc.admin.status.useQuery();
  const { unlocked, lock } = useAdminSession();
  const enabled = status.data?.enabled === true;

  const lockButton =
    enabled && unlocked ? (
      <Button variant="default" leftSection={<IconLock size={16} />} onClick={() => lock('manual')}>
        Lock
      </Button>
    ) : null;

  return (
    <AdminLayout actions={lockButton}>
      {status.isPending ? (
        <Center py={120}>
          <Loader aria-label="Checking admin status" />
        </Center>
      ) : status.isError ? (
        <LoadError title="Could not reach the server" maw={560} mx="auto" mt="xl" onRetry={() => void status.refetch()} />
      ) : !enabled ? (
        <AdminDisabled />
      ) : unlocked ? (
        <AdminDashboard />
      ) : (
        <AdminGate />
      )}
    </AdminLayout>
  );
}
