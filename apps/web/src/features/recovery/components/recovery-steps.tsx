import type { TMessageKey } from '@meridian/contracts/messages';
import type { TUnlockKind } from '@meridian/contracts/recovery';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useMessageText } from '@/hooks/use-message-text';
import { RecoveryRequestForm } from './recovery-request-form';
import { TempCodeForm } from './temp-code-form';

type TStep = { name: 'request' } | { name: 'submitted'; message: TMessageKey } | { name: 'code' };

export interface RecoveryStepsProps {
  kind: TUnlockKind;
  defaultEmail?: string;
  /** Called just before the redirect to /user after a good code. */
  onSignedIn?: () => void;
}

/**
 * The two steps of regaining access, shared by the lock notice's dialog and /forgotpassword:
 * request (email + photo) → "submitted, wait for the email" → the temporary code signs in.
 */
export function RecoverySteps({ kind, defaultEmail = '', onSignedIn }: RecoveryStepsProps) {
  const { t } = useTranslation('recovery');
  const text = useMessageText();
  const [step, setStep] = useState<TStep>({ name: 'request' });
  const [email, setEmail] = useState(defaultEmail);

  if (step.name === 'code') {
    return (
      <div className="space-y-4">
        <p className="text-sm text-muted">{t('codeStep.intro')}</p>
        <TempCodeForm
          defaultEmail={email}
          successText={kind === 'unlock' ? t('unlocked') : t('codeStep.loginSuccess')}
          onSignedIn={onSignedIn}
        />
        <Button variant="ghost" size="sm" onClick={() => setStep({ name: 'request' })}>
          {t('actions.backToRequest')}
        </Button>
      </div>
    );
  }

  if (step.name === 'submitted') {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          <p className="flex items-start gap-2">
            <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{text(step.message)}</span>
          </p>
        </Alert>
        <p className="text-sm text-muted">{t('submittedNext')}</p>
        <Button className="w-full" onClick={() => setStep({ name: 'code' })}>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {t('actions.haveCode')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <RecoveryRequestForm
        kind={kind}
        defaultEmail={email}
        onSubmitted={(result) => {
          setEmail(result.email);
          setStep({ name: 'submitted', message: result.message });
        }}
      />
      <div className="border-t border-border pt-4 text-center">
        <Button variant="ghost" size="sm" onClick={() => setStep({ name: 'code' })}>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {t('actions.haveCode')}
        </Button>
      </div>
    </div>
  );
}
