// A piece of UI state kept in localStorage across reloads (panel widths, editor preferences): read
// once when the component mounts, written on each change. Storage that cannot be used (private
// mode, blocked) leaves the state working for this page only.
import { useCallback, useState } from 'react';

function read<T>(key: string, fallback: T, parse: (raw: unknown) => T | undefined): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (parse(JSON.parse(raw)) ?? fallback);
  } catch {
    return fallback;
  }
}

/** `parse` checks what was stored (another version of the app may have written it): undefined rejects it. */
export function useStoredState<T>(key: string, fallback: T, parse: (raw: unknown) => T | undefined): [T, (value: T) => void] {
  const [value, setValue] = useState(() => read(key, fallback, parse));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        /* not kept: the state still works until the page is left */
      }
    },
    [key],
  );
  return [value, set];
}
