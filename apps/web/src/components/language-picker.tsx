import { LANGUAGES, type TLanguage } from '@meridian/contracts/constants';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@/i18n';
import { cn } from '@/lib/cn';
import { saveLanguage } from '@/lib/save-language';

/** A native select of the eight languages, each named in itself; the choice is remembered (by the server too when signed in). */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={cn('relative inline-flex items-center', className)}>
      <span className="sr-only">{t('language')}</span>
      <Globe className="pointer-events-none absolute left-2.5 h-4 w-4 text-muted" aria-hidden="true" />
      <select
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => {
          const language = e.target.value as TLanguage;
          void i18n.changeLanguage(language);
          saveLanguage(language);
        }}
        className="h-10 appearance-none rounded-lg border border-border bg-surface pl-8 pr-3 text-sm text-fg hover:bg-surface-2"
        data-testid="language-picker"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
