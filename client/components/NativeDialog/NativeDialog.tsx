// A dialog on the browser's own <dialog>, shown modal: the page behind is inert, Escape and a click
// on the backdrop close it, the focus comes back where it was. For the small dialogs that load on
// their own (Ctrl+K's search, the builder's new file): Mantine's Modal, reached from such a module,
// would be split by the bundler into more, duplicated pieces of the pages' first paint.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconX } from '@tabler/icons-react';
import classes from './NativeDialog.module.css';

interface NativeDialogProps {
  opened: boolean;
  /** Escape, the backdrop, the close button, or `opened` turned false. */
  onClose: () => void;
  title: string;
  /** Width in pixels (at most the screen's less a margin). */
  width?: number;
  children: ReactNode;
}

export function NativeDialog({ opened, onClose, title, width = 440, children }: NativeDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (opened && !d.open) {
      d.showModal();
      // showModal() focuses the first button (Close): the first field is what the dialog is for.
      d.querySelector<HTMLElement>('input, textarea')?.focus();
    }
    if (!opened && d.open) d.close();
  }, [opened]);

  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      style={{ width: `min(${width}px, calc(100vw - 32px))` }}
      aria-labelledby={titleId}
      onClose={onClose}
      // A click on the backdrop reaches the dialog element itself.
      onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
    >
      <div className={classes.body}>
        <div className={classes.header}>
          <h2 id={titleId} className={classes.title}>
            {title}
          </h2>
          <button type="button" className={classes.close} aria-label="Close" onClick={() => dialog.current?.close()}>
            <IconX size={18} />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
