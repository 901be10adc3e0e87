// The Share Your Bot form's state and its sending: the values and the picked image, checked with the
// shared schema before they are sent; success resets the form, closes the dialog and refreshes the feed.
import { useState } from 'react';
import { useForm } from '@mantine/form';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import type { PickedImage } from './use-image-pick';
import { checkShareForm, emptyShareForm, type ShareFormValues } from './share-form';

export function useSharePost(onClose: () => void) {
  const utils = trpc.useUtils();
  const create = trpc.feed.create.useMutation();
  const [image, setImage] = useState<PickedImage | null>(null);
  const form = useForm<ShareFormValues>({ mode: 'controlled', initialValues: emptyShareForm });
  const pending = create.isPending;

  const close = () => {
    // The draft stays for next time; only a successful share clears it.
    if (!pending) onClose();
  };

  const submit = async (values: ShareFormValues) => {
    if (pending) return;
    const check = checkShareForm(values, image?.dataUrl);
    if (!check.ok) {
      form.setErrors(check.errors);
      if (check.missingRequired) notifyError('Please fill in all required fields');
      return;
    }
    try {
      await create.mutateAsync(check.input);
      notifySuccess('Bot posted successfully!', check.input.title);
      form.reset();
      setImage(null);
      onClose();
      void utils.feed.list.invalidate();
    } catch (err) {
      notifyError('Failed to post bot', errorMessage(err, 'Please try again.'));
    }
  };

  return { form, image, setImage, pending, close, submit };
}

export type ShareForm = ReturnType<typeof useSharePost>['form'];
