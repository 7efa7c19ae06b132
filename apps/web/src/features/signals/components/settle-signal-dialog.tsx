import type { TSignal, TSignalEvidenceAnswer, TSignalResult } from '@meridian/contracts/signals';
import { CircleCheck, CircleX, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useRefusalText } from '@/hooks/use-refusal-text';
import { messageKey } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSignalEvidence } from '../api/get-signal-evidence';
import { useSetSignalResult } from '../api/set-signal-result';
import { undecidedReason } from '../utils/settlement';
import { SignalEvidence } from './signal-evidence';

/** A decision dialog closes 2 seconds after it succeeded, as status dialogs do. */
const CLOSE_AFTER_MS = 2000;

/**
 * Settle a signal from its prices: the dialog reads the evidence first and offers only the result it
 * gives ("Settle as Gain" or "Settle as Loss"); while the prices decide nothing, it says why and
 * offers nothing.
 */
export function SettleSignalDialog({ signal, onClose }: { signal: TSignal; onClose: () => void }) {
  const { t } = useTranslation('signals');
  const evidence = useSignalEvidence(signal.id);
  const settle = useSetSignalResult(signal.id);
  const busy = settle.isPending;
  useAfterDelay(settle.isSuccess, CLOSE_AFTER_MS, onClose);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t('admin.settleTitle', { title: signal.title })}
      description={t('admin.settleDescription')}
      className="max-w-lg"
    >
      <QueryView query={evidence} loading={<SkeletonList rows={3} />} errorTitle={t('admin.evidenceLoadError')}>
        {(answer) => <SettleBody answer={answer} settle={settle} onClose={onClose} refetch={evidence.refetch} />}
      </QueryView>
    </Dialog>
  );
}

function SettleBody({
  answer,
  settle,
  onClose,
  refetch,
}: {
  answer: TSignalEvidenceAnswer;
  settle: ReturnType<typeof useSetSignalResult>;
  onClose: () => void;
  refetch: () => unknown;
}) {
  const { t, i18n } = useTranslation('signals');
  const errorText = useRefusalText();
  const [failure, setFailure] = useState<string | null>(null);
  const { signal, evidence } = answer;
  // Settled meanwhile (by the job runner, say), unless by this dialog: nothing is left to do.
  const settledElsewhere = signal.result !== null && !settle.isSuccess;
  const result = settledElsewhere ? null : evidence.result;
  const why = undecidedReason(signal, evidence, Date.now());
  const done = settle.isSuccess;
  const marked = (value: TSignalResult) =>
    t(messageKey('signals.signalMarked'), { result: t(`admin.resultWords.${value}`) });

  const confirm = async (value: TSignalResult) => {
    if (settle.isPending || done) return;
    setFailure(null);
    try {
      await settle.mutateAsync(value);
      toast.success(marked(value));
    } catch (err) {
      // 'Failed to update signal', or the server's reason (the prices say otherwise, not decided yet…).
      const message = errorText(err, t('admin.updateFailed'));
      setFailure(message);
      toast.error(message);
      void refetch();
    }
  };

  return (
    <div className="space-y-4">
      <SignalEvidence signal={signal} evidence={evidence} />
      {settledElsewhere ? (
        <Alert tone="info" className="flex items-start gap-2">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span data-testid="settle-explanation">{t(messageKey('errors.signalSettled'))}</span>
        </Alert>
      ) : result ? (
        <Alert tone={result === 'gain' ? 'success' : 'warning'} className="flex items-start gap-2">
          {result === 'gain' ? (
            <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          ) : (
            <CircleX className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          )}
          <span data-testid="settle-explanation">
            {result === 'gain'
              ? t('admin.explainGain', { time: formatDateTime(evidence.touchedAt ?? '', i18n.resolvedLanguage) })
              : t('admin.explainLoss')}
          </span>
        </Alert>
      ) : (
        <Alert tone="info" className="flex items-start gap-2">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span data-testid="settle-explanation">
            {why === 'open'
              ? t('admin.undecidedOpen', { time: formatDateTime(signal.closingTime, i18n.resolvedLanguage) })
              : t('admin.undecidedIncomplete')}
          </span>
        </Alert>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      {done && result && <Alert tone="success">{marked(result)}</Alert>}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={settle.isPending}>
          {t(done || !result ? 'common:actions.close' : 'common:actions.cancel')}
        </Button>
        {result && (
          <Button
            variant={result === 'gain' ? 'primary' : 'danger'}
            loading={settle.isPending}
            disabled={done}
            onClick={() => void confirm(result)}
            data-testid="settle-submit"
          >
            {t(result === 'gain' ? 'admin.settleGain' : 'admin.settleLoss')}
          </Button>
        )}
      </div>
    </div>
  );
}
