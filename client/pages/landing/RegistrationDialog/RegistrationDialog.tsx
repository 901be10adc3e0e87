// The landing page's sign-up dialog: the shared registration form; after a successful sign-up
// the dialog closes and the page reloads as the new user.
import { Modal } from '@mantine/core';
import { RegistrationForm } from '../../../components/RegistrationForm';

interface RegistrationDialogProps {
  opened: boolean;
  onClose: () => void;
  onForgotPassword: () => void;
}

export function RegistrationDialog({ opened, onClose, onForgotPassword }: RegistrationDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={460} radius="lg">
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content>
        <Modal.Body p="xl">
          <RegistrationForm
            inDialog
            onCancel={onClose}
            onForgotPassword={onForgotPassword}
            onRegistered={() => {
              onClose();
              window.location.reload();
            }}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
