import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { Button } from './button';

export type BackButtonProps = { children: ReactNode; className?: string } & (
  | { to: string; onClick?: never }
  | { onClick: () => void; to?: never }
);

/** The way back at the top of a page: a link to where it leads (`to`), or a button that goes back (`onClick`). */
export function BackButton({ children, to, onClick, className }: BackButtonProps) {
  const classes = cn('-ml-2', className);
  const content = (
    <>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {children}
    </>
  );
  if (to !== undefined) {
    return (
      <Button asChild variant="ghost" size="sm" className={classes}>
        <Link to={to}>{content}</Link>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="sm" className={classes} onClick={onClick}>
      {content}
    </Button>
  );
}
