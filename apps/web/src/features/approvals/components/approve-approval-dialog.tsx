import type { TApproval } from '@meridian/contracts/approvals';
import { useTranslation } from 'react-i18next';
import { CLOSE_AFTER_MS } from '@/components/form-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useAnswerText } from '@/hooks/use-answer-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { toast } from '@/lib/toast';
import { useApproveApproval } from '../api/approve-approval';

export interface ApproveApprovalDialogProps {
  approval: TApproval;
  onClose: () => void;
}

/**
 * Approve: one more question naming the action, the amount and the client, since the money moves as
 * soon as it is answered. The server's answer is the toast; a refusal (the balance went meanwhile,
 * someone decided first) stays in the dialog, and the approval keeps waiting.
 */
export function ApproveApprovalDialog({ approval, onClose }: ApproveApprovalDialogProps) {
  const { t } = useTranslation('approvals');
  const format = useLocaleFormat();
  const answerText = useAnswerText();
  const errorText = useApiErrorText();
  const approve = useApproveApproval(approval);
  useAfterDelay(approve.isSuccess, CLOSE_AFTER_MS, onClose);

  const amount = format.money(approval.amount);
  const words = {
    kind: t(`kinds.${approval.kind}`),
    amount,
    client: approval.client.name,
    email: approval.client.email,
    requester: approval.requestedBy.name,
  };
  const confirm = () => {
    if (approve.isPending || approve.isSuccess) return;
    approve.mutate(undefined, {
      onSuccess: (answer) => toast.success(answerText(answer.message, 'approvals.approved')),
      onError: (err) => toast.error(errorText(err, t('approveFailed'))),
    });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      tone="primary"
      title={t('approveTitle', words)}
      description={t(approval.kind === 'clear' ? 'approveBodyClear' : 'approveBody', words)}
      // Clear Balance clears what the balances hold when it runs, not the amount asked: no figure on the button.
      confirmLabel={approval.kind === 'clear' ? t('approve') : t('approveSubmit', { amount })}
      onConfirm={confirm}
      busy={approve.isPending}
      done={approve.data ? answerText(approve.data.message, 'approvals.approved') : undefined}
      error={approve.isError ? errorText(approve.error, t('approveFailed')) : undefined}
    />
  );
}
