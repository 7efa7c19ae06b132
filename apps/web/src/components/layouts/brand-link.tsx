import { Link } from 'react-router';
import { BRAND_NAME, Logo } from '@/components/logo';
import { cn } from '@/lib/cn';

export interface BrandLinkProps {
  /** The area's home page. */
  to: string;
  /** Called after it is followed (a menu or drawer closes). */
  onClick?: (() => void) | undefined;
  className?: string;
}

/** The brand mark and name, as the link to the area's home page at the top of its navigation. */
export function BrandLink({ to, onClick, className }: BrandLinkProps) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className={cn('flex items-center gap-2 rounded-lg font-semibold text-fg', className)}
    >
      <Logo />
      <span>{BRAND_NAME}</span>
    </Link>
  );
}
