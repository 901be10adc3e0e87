// Mantine's <Modal> for dialogs that are closed when the page first paints: the modal's code (focus
// trap, scroll lock, overlay, transitions) loads once the page is idle, or at once when the dialog
// first opens, rather than with the page. Same props as Modal; from its first opening on it stays
// mounted, so closing keeps its transition.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ModalProps } from '@mantine/core';
import { whenIdle } from '../../lib/idle';

let loading: Promise<typeof import('./MantineModal')> | undefined;
function load() {
  loading ??= import('./MantineModal').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
const MantineModal = lazy(load);

export function Modal(props: ModalProps) {
  const [mounted, setMounted] = useState(props.opened);
  if (props.opened && !mounted) setMounted(true);
  useEffect(() => whenIdle(() => void load().catch(() => {})), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} />
    </Suspense>
  );
}
