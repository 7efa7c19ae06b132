import { zodResolver } from '@hookform/resolvers/zod';
import { type TApproval, type TRejectApprovalInput, ZRejectApprovalInput } from '@meridian/contracts/approvals';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { TextAreaField } from '@/components/ui/field';
import { useAnswerText } from '@/hooks/use-answer-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { useRejectApproval } from '../api/reject-approval';

const FIELDS = ['note'] as const;

export interface RejectApprovalDialogProps {
  approval: TApproval;
  /** The signed-in staff member asked for it: rejecting withdraws their own request. */
  own: boolean;
  onClose: () => void;
}

/**
 * Reject: a note is required (the contract's rule, checked here and by the server, whose refusal of
 * it lands on the field); nothing moves, and a withdrawal it was for stays Pending.
 */
export function RejectApprovalDialog({ approval, own, onClose }: RejectApprovalDialogProps) {
  const { t } = useTranslation('approvals');
  const text = useMessageText();
  const format = useLocaleFormat();
  const answerText = useAnswerText();
  const errorText = useApiErrorText();
  const reject = useRejectApproval(approval);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRejectApprovalInput>({
    resolver: zodResolver(ZRejectApprovalInput),
    mode: 'onChange',
    defaultValues: { note: '' },
  });
  const state = useFormDialogSubmit({
    mutation: reject,
    send: ({ note }: TRejectApprovalInput) => reject.mutateAsync(note.trim()),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('rejectFailed')),
    onSuccess: (answer) => toast.success(answerText(answer.message, 'approvals.rejected')),
    onClose,
  });
  const words = {
    kind: t(`kinds.${approval.kind}`),
    amount: format.money(approval.amount),
    client: approval.client.name,
    email: approval.client.email,
    requester: approval.requestedBy.name,
  };

  return (
    <FormDialog
      title={t('rejectTitle', words)}
      description={t(own ? 'rejectBodyOwn' : 'rejectBody', words)}
      testId="reject-approval-form"
      state={state}
      doneText={reject.data ? answerText(reject.data.message, 'approvals.rejected') : undefined}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('reject')}
      submitVariant="danger"
      submitTestId="reject-approval-submit"
    >
      <TextAreaField
        label={t('note')}
        placeholder={t('notePlaceholder')}
        hint={t('noteHint')}
        disabled={state.done}
        maxLength={500}
        data-autofocus
        error={text(errors.note?.message)}
        {...register('note')}
      />
    </FormDialog>
  );
}
