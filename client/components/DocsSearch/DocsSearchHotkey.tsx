// Ctrl+K (Cmd+K on macOS) opens the documentation search from any page, signed in or not, even
// while typing in a field or the editor. The dialog's code loads on the first press.
import { lazy, Suspense, useEffect, useState } from 'react';

const DocsSearchDialog = lazy(() => import('./DocsSearchDialog'));

/** Apple keyboards use Cmd for shortcuts; there Ctrl+K is the editor's "delete to line end". */
export const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The shortcut as this keyboard names it, for hints. */
export const searchShortcutLabel = () => (isApple() ? '⌘K' : 'Ctrl K');

export function isSearchShortcut(e: KeyboardEvent): boolean {
  const mod = isApple() ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  return mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

export function DocsSearchHotkey() {
  const [opened, setOpened] = useState(false);
  // Mounted from the first press on, so closing keeps the dialog's transition.
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e)) return;
      // Not the browser's own Ctrl+K (its address bar search).
      e.preventDefault();
      setMounted(true);
      setOpened(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <DocsSearchDialog opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
