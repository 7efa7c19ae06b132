import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

export interface RegisterButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  children: ReactNode;
}

/** A public page's call to open an account: a button to /register with an arrow after its words. */
export function RegisterButton({ children, size, variant }: RegisterButtonProps) {
  return (
    <Button asChild size={size} variant={variant}>
      <Link to="/register">
        {children}
        <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </Button>
  );
}
