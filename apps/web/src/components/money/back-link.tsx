import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** "← Back to …" above a page's heading. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted hover:text-fg">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
