// /usage, 'Usage & Credits': the balance, the storage used and the ledger of credit changes.
import { Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { CreditsCard } from './CreditsCard';
import { CreditUsageList } from './CreditUsageList';
import { PageHeader } from '../../components/PageHeader';
import { StorageCard } from './StorageCard';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';

export function UsagePage() {
  usePageTitle('Usage & Credits');
  const { user } = useAuth();
  if (!user) return null;

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader icon={<IconChartBar size={24} />} title="Usage & Credits" description="Track your credit balance and how it is spent." />
      <CreditsCard credits={user.credits} />
      <StorageCard />
      <CreditUsageList />
    </Stack>
  );
}
