// /profile: who is signed in, their account details and billing.
import '../../mantine-styles-pages';
import { Grid, Stack } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { AccountForm } from './AccountForm';
import { BillingCard } from './BillingCard';
import { PageHeader } from '../../components/PageHeader';
import { ProfileSummary } from './ProfileSummary';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';

export function ProfilePage() {
  usePageTitle('Profile');
  const { user } = useAuth();
  if (!user) return null;

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader icon={<IconUser size={24} />} title="Profile" description="Your account, sign-in details and billing." />
      <ProfileSummary user={user} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <AccountForm key={user.id} user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <BillingCard credits={user.credits} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
