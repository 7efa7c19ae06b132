/** Every key the app keeps in localStorage, in one place. */
export const STORAGE_KEYS = {
  theme: 'meridian.theme',
  language: 'meridian.lang',
  /** "Remember me": restore the session from the refresh cookie after a reload. */
  persist: 'meridian.persist',
  /** The signed-in role, read by Page Not Found for its return link. */
  role: 'meridian.role',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the preference just isn't remembered.
  }
}
