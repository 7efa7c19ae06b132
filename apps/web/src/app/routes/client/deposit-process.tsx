import { DepositProcess } from '@/features/deposits/components/deposit-process';
import { TwoFactorNote } from '@/features/two-factor/components/two-factor-note';

/** /user/deposit-process: the deposit guide, with the client's two-factor sign-in beside it. */
export function DepositProcessPage() {
  return <DepositProcess security={<TwoFactorNote />} />;
}

export { DepositProcessPage as Component };
