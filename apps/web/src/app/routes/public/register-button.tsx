import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TButtonLook } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';

export interface RegisterButtonProps extends TButtonLook {
  children: ReactNode;
}

/** A public page's call to open an account: a button to /register with an arrow after its words. */
export function RegisterButton({ children, size, variant }: RegisterButtonProps) {
  return (
    <ButtonLink size={size} variant={variant} to="/register">
      {children}
      <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </ButtonLink>
  );
}
