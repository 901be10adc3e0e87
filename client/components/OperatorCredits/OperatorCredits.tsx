// Credits are not sold in the app: 'Buy More Credits', the billing buttons and a balance too low for
// an AI message all say to ask the operator of this server, with their contact when OPERATOR_CONTACT
// is set. The contact is shown as text (an e-mail address becomes a mail link the client builds).
import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { notifyInfo } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

export const ASK_OPERATOR = 'Ask the operator of this server for credits';
const EMAIL = /^[^\s@<>()"]+@[^\s@<>()"]+\.[^\s@<>()"]+$/;

/** The operator's contact, or null (unset, or not loaded yet). */
export function useOperatorContact(): string | null {
  const { data } = trpc.credits.operatorContact.useQuery(undefined, { staleTime: Infinity, gcTime: Infinity });
  return data?.contact ?? null;
}

/** What a purchase button does: a toast naming whom to ask. */
export function useAskForCredits(): () => void {
  const contact = useOperatorContact();
  return () => notifyInfo(ASK_OPERATOR, contact ? `Contact: ${contact}` : 'Buying credits is not available on this server.');
}

export function OperatorContact({ contact }: { contact: string }) {
  return EMAIL.test(contact) ? (
    <Anchor href={`mailto:${contact}`} inherit fw={600}>
      {contact}
    </Anchor>
  ) : (
    <Text span inherit fw={600}>
      {contact}
    </Text>
  );
}

/** The note shown where credits run out. */
export function AskOperatorNote({ credits }: { credits: number }) {
  const contact = useOperatorContact();
  return (
    <Alert variant="light" color={credits === 0 ? 'red' : 'orange'} icon={<IconInfoCircle size={18} />} title={ASK_OPERATOR} data-testid="ask-operator">
      <Text size="sm">
        {credits === 0 ? 'You have no credits left.' : 'You have too few credits for an AI message.'}{' '}
        {contact ? (
          <>
            Contact: <OperatorContact contact={contact} />
          </>
        ) : (
          'Buying credits is not available in the app.'
        )}
      </Text>
    </Alert>
  );
}
