import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RecoverySteps } from '@/features/recovery/components/recovery-steps';
import { RecoveryCard } from './recovery-card';

/** /forgotpassword: request (email + photo), then the temporary code signs in. */
export function Component() {
  const { t } = useTranslation('recovery');
  return (
    <RecoveryCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} icon={KeyRound}>
      <RecoverySteps kind="password" />
    </RecoveryCard>
  );
}
