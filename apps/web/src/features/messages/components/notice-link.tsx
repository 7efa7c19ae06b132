import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';

/** The link to a notice's record ("View details"), named with the notice for a screen reader. */
export function NoticeLink({ to, title, onFollow }: { to: string; title: string; onFollow?: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <ButtonLink
      variant="ghost"
      size="sm"
      className="-ml-3 text-primary"
      to={to}
      onClick={onFollow}
      aria-label={`${t('viewRecord')}: ${title}`}
      data-testid="notification-link"
    >
      {t('viewRecord')}
      <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </ButtonLink>
  );
}
