import { LANGUAGES, type TLanguage } from '@meridian/contracts/constants';
import { STATEMENT_FORMATS, type TStatementFormat } from '@meridian/contracts/statements';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useDownloadStatement } from '../api/download-statement';
import {
  customPeriod,
  localDay,
  presetPeriod,
  STATEMENT_PRESETS,
  type TPeriodProblem,
  type TStatementPreset,
} from '../utils/period';

export interface StatementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client an admin downloads for; absent for the signed-in client's own statement. */
  userId?: string;
  /** Shown in the description when an admin downloads for a client. */
  clientName?: string;
}

/** A select's choices, one a value, each in words. */
function Options<T extends string>({ values, text }: { values: readonly T[]; text: (value: T) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {text(value)}
    </option>
  ));
}

/** A language's own name, capitalised (`Deutsch`, `日本語`). */
function languageName(lang: TLanguage): string {
  const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/**
 * Download statement: a period (this month, last month, this year, or two dates), CSV or PDF, and
 * the document's language (the app's by default). The file is fetched with the session's token and
 * saved; a failure is told in the dialog.
 */
export function StatementDialog({ open, onOpenChange, userId, clientName }: StatementDialogProps) {
  const { t, i18n } = useTranslation('statements');
  const errorText = useApiErrorText();
  const download = useDownloadStatement();
  const today = localDay(new Date());
  const [preset, setPreset] = useState<TStatementPreset>('thisMonth');
  const [fromDay, setFromDay] = useState(localDay(presetPeriod('thisMonth').from));
  const [toDay, setToDay] = useState(today);
  const [format, setFormat] = useState<TStatementFormat>('pdf');
  const uiLanguage = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '')
    ? (i18n.resolvedLanguage as TLanguage)
    : 'en';
  const [lang, setLang] = useState<TLanguage>(uiLanguage);
  const [problem, setProblem] = useState<TPeriodProblem | null>(null);
  const [done, setDone] = useState(false);

  const change = (open: boolean) => {
    if (!open) {
      download.reset();
      setProblem(null);
      setDone(false);
    }
    onOpenChange(open);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    let period = preset === 'custom' ? null : presetPeriod(preset);
    if (preset === 'custom') {
      const custom = customPeriod(fromDay, toDay);
      if ('problem' in custom) {
        setProblem(custom.problem);
        return;
      }
      period = custom.period;
    }
    if (!period) return;
    setProblem(null);
    download.mutate({ userId, format, period, lang }, { onSuccess: () => setDone(true) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t('dialog.title')}
      description={clientName ? t('dialog.descriptionFor', { name: clientName }) : t('dialog.description')}
    >
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="statement-form">
        <SelectField
          label={t('dialog.period')}
          value={preset}
          onChange={(e) => {
            setPreset(e.target.value as TStatementPreset);
            setProblem(null);
          }}
          data-autofocus
          data-testid="statement-preset"
        >
          <Options values={STATEMENT_PRESETS} text={(p) => t(`presets.${p}`)} />
        </SelectField>
        {preset === 'custom' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="date"
              label={t('dialog.from')}
              value={fromDay}
              max={today}
              onChange={(e) => setFromDay(e.target.value)}
              error={problem === 'required' && !fromDay ? t('problems.required') : undefined}
              data-testid="statement-from"
            />
            <TextField
              type="date"
              label={t('dialog.to')}
              value={toDay}
              max={today}
              onChange={(e) => setToDay(e.target.value)}
              error={problem && !(problem === 'required' && !fromDay) ? t(`problems.${problem}`) : undefined}
              data-testid="statement-to"
            />
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('dialog.format')}
            value={format}
            onChange={(e) => setFormat(e.target.value as TStatementFormat)}
            data-testid="statement-format"
          >
            <Options values={STATEMENT_FORMATS} text={(f) => t(`formats.${f}`)} />
          </SelectField>
          <SelectField
            label={t('dialog.language')}
            value={lang}
            onChange={(e) => setLang(e.target.value as TLanguage)}
            data-testid="statement-language"
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {languageName(l)}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="text-xs text-muted">{t('dialog.hint')}</p>
        {download.isError && <Alert tone="danger">{errorText(download.error, t('dialog.failed'))}</Alert>}
        {done && <Alert tone="success">{t('dialog.done')}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => change(false)}>
            {t('dialog.close')}
          </Button>
          <Button type="submit" loading={download.isPending} data-testid="statement-submit">
            {download.isPending ? t('dialog.preparing') : t('dialog.download')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
