import type { LucideIcon } from 'lucide-react';
import { matchPath } from 'react-router';

/** One sidebar entry. `activeOn` lists extra path patterns on which the entry is highlighted. */
export interface TShellNavItem {
  to: string;
  /** Key in the `shell` namespace. */
  labelKey: string;
  icon: LucideIcon;
  /** Highlight only on `to` itself, not on paths below it. */
  end?: boolean;
  activeOn?: readonly string[];
}

export function isNavItemActive(item: TShellNavItem, pathname: string): boolean {
  if (matchPath({ path: item.to, end: item.end ?? false }, pathname)) return true;
  return (item.activeOn ?? []).some((pattern) => matchPath({ path: pattern, end: false }, pathname));
}
