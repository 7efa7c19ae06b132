import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface ClientSearchProps {
  /** The search that is running (from the address), '' for none. */
  value: string;
  /** Called with trimmed text; '' means "show the full list" (the search runs only on non-empty text). */
  onSearch: (text: string) => void;
  /** The search answer is on its way: 'Loading...' is announced. */
  searching: boolean;
}

/** The search box above the Client Management table. */
export function ClientSearch({ value, onSearch, searching }: ClientSearchProps) {
  const { t } = useTranslation('clients');
  const inputId = useId();
  const [draft, setDraft] = useState(value);
  // Back/forward or a cleared search change the address: the box follows.
  useEffect(() => setDraft(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <search className="block w-full sm:max-w-md">
      <form onSubmit={submit} className="flex flex-col gap-2" data-testid="client-search">
        <label htmlFor={inputId} className="sr-only">
          {t('search.label')}
        </label>
        <div className="flex gap-2">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <input
              id={inputId}
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={t('search.placeholder')}
              autoComplete="off"
              maxLength={100}
              className="h-10 w-full rounded-xl border border-border bg-surface pl-9 pr-3 text-sm text-fg placeholder:text-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
            />
          </div>
          <Button type="submit" variant="outline" loading={searching}>
            {t('search.submit')}
          </Button>
          {value && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={() => onSearch('')}
              aria-label={t('search.clear')}
              title={t('search.clear')}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          )}
        </div>
        <p aria-live="polite" className="min-h-5 text-xs text-muted" data-testid="client-search-status">
          {searching ? t('search.loading') : value ? t('search.resultsFor', { search: value }) : ''}
        </p>
      </form>
    </search>
  );
}
