// /register: the two-step registration on its own page; success goes to the landing page, or to the
// page that asked for a sign-in (?next=, carried over from /login).
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { RegistrationForm } from '../../components/RegistrationForm';
import { nextFromSearch } from '../../lib/next-path';
import { usePageTitle } from '../../lib/page-title';

export function RegisterPage() {
  usePageTitle('Create account');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = nextFromSearch(searchParams);
  return (
    <AuthLayout>
      <RegistrationForm onRegistered={() => navigate(next ?? '/', { replace: next !== null })} />
    </AuthLayout>
  );
}
