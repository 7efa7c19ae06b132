import { CirclePlus } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';

/** The way to Add Funds from a dashboard card: the deposit methods, where a deposit starts. */
export function AddFundsButton({ children }: { children: string }) {
  return (
    <ButtonLink to="/user/depositmethod">
      <CirclePlus className="h-4 w-4" aria-hidden="true" />
      {children}
    </ButtonLink>
  );
}
