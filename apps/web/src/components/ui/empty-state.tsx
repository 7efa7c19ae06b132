import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatePanel } from './state-panel';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  /** A button or link that gets the user going (e.g. "Create New Method"). */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, description, icon = Inbox, action, className }: EmptyStateProps) {
  return (
    <StatePanel tone="empty" icon={icon} title={title} description={description} className={className}>
      {action && <div className="mt-5">{action}</div>}
    </StatePanel>
  );
}
