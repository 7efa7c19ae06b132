import { Suspense } from 'react';
import type { TUnlockSlotProps } from '@/features/auth/components/lock-notice';
import { lazyComponent } from '@/lib/lazy-component';

// Loaded with the lock notice, as when the sign-in form imported it: the header's modal stays light.
const UnlockDialog = lazyComponent(() => import('@/features/recovery/components/unlock-dialog'), 'UnlockDialog');

/**
 * Fills the lock notice's unlock slot with the recovery feature's dialog: the sign-in form (auth) and
 * the unlock request (recovery) are separate features, joined here in app/ (docs/architecture.md).
 */
export function renderUnlockDialog(props: TUnlockSlotProps) {
  return (
    <Suspense fallback={null}>
      <UnlockDialog {...props} />
    </Suspense>
  );
}
