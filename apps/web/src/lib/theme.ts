import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export type TTheme = 'dark' | 'light';

/** Dark by default; /page-init.js applied the remembered one before first paint. */
function read(): TTheme {
  return readStorage(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

let theme: TTheme = read();
const listeners = new Set<() => void>();

export function setTheme(next: TTheme) {
  theme = next;
  writeStorage(STORAGE_KEYS.theme, next);
  const root = document.documentElement;
  root.classList.toggle('dark', next === 'dark');
  root.style.colorScheme = next;
  for (const listener of listeners) listener();
}

export function useTheme(): [TTheme, (next: TTheme) => void] {
  const value = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => theme,
    () => theme,
  );
  return [value, setTheme];
}
