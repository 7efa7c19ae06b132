import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

/** The submission guidelines: image size and types, review time. */
export function KycGuidelines() {
  const { t } = useTranslation('kyc');
  return (
    <Card title={t('guidelines.title')} icon={Info}>
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted">
        <li>{t('guidelines.size')}</li>
        <li>{t('guidelines.types')}</li>
        <li>{t('guidelines.clear')}</li>
        <li>{t('guidelines.review')}</li>
      </ul>
    </Card>
  );
}
