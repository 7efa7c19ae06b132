import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { ButtonLink } from './button-link';

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
      <ButtonLink variant="ghost" size="sm" className={classes} to={to}>
        {content}
      </ButtonLink>
    );
  }
  return (
    <Button variant="ghost" size="sm" className={classes} onClick={onClick}>
      {content}
    </Button>
  );
}
