import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { CreateSignalPage } from '@/features/signals/components/create-signal-page';

/** /admin/create-signal: the form, with the live prices of the pairs as hints and sample data. */
export function CreateSignalRoute() {
  const { quotes } = useLiveQuotes();
  return <CreateSignalPage quotes={quotes} />;
}

export { CreateSignalRoute as Component };
