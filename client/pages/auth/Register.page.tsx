// /register: the two-step registration on its own page; success goes to the landing page.
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { RegistrationForm } from './RegistrationForm';

export function RegisterPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <RegistrationForm onRegistered={() => navigate('/')} />
    </AuthLayout>
  );
}
