import { Clock, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BRAND_NAME } from '@/components/logo';
import { SupportForm } from './support-form';

/** /support: the Help Center with the contact form. */
export function SupportPage() {
  const { t } = useTranslation('support');
  return (
    <>
      <title>{`${BRAND_NAME} · ${t('title')}`}</title>
      <section className="border-b border-border bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <div className="max-w-2xl space-y-4">
            <p className="text-sm font-semibold uppercase tracking-widest text-primary">{t('eyebrow')}</p>
            <h1 className="text-4xl font-semibold tracking-tight text-fg">{t('title')}</h1>
            <p className="text-lg leading-relaxed text-muted">{t('lead')}</p>
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-4">
          <div className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-5">
            <Clock className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h2 className="font-semibold text-fg">{t('replyTitle')}</h2>
              <p className="mt-1 text-sm text-muted">{t('replyTime')}</p>
            </div>
          </div>
          <div className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-5">
            <Mail className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h2 className="font-semibold text-fg">{t('vipTitle')}</h2>
              <p className="mt-1 text-sm text-muted">{t('vipBody')}</p>
            </div>
          </div>
        </aside>
        <div className="rounded-2xl border border-border bg-surface p-6">
          <h2 className="mb-4 text-xl font-semibold text-fg">{t('formTitle')}</h2>
          <SupportForm />
        </div>
      </section>
    </>
  );
}
