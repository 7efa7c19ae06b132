import { CirclePlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The way to Add Funds from a dashboard card: the deposit methods, where a deposit starts. */
export function AddFundsButton({ children }: { children: string }) {
  return (
    <Button asChild>
      <Link to="/user/depositmethod">
        <CirclePlus className="h-4 w-4" aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
