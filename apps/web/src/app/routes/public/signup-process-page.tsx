import { ArrowLeft, Check, Lightbulb, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BRAND_NAME } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { PageHero } from '@/features/pages/components/page-hero';
import { useGoBack } from '@/hooks/use-go-back';
import { cn } from '@/lib/cn';
import { RegisterButton } from './register-button';

const STEPS = ['account', 'verify', 'fund'] as const;
const NEEDS = ['email', 'phone', 'id', 'selfie'] as const;
const TIPS = ['name', 'photo', 'password'] as const;

interface ChecklistCardProps {
  /** The heading's id, which names the card. */
  id: string;
  title: string;
  icon: LucideIcon;
  /** The icon's colour, which says what kind of list it is. */
  iconClassName: string;
  items: readonly string[];
}

/** A card of short points, each after the same icon: what to have ready, tips. */
function ChecklistCard({ id, title, icon: Icon, iconClassName, items }: ChecklistCardProps) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-surface p-6">
      <h2 id={id} className="text-xl font-semibold text-fg">
        {title}
      </h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-sm text-fg">
            <Icon className={cn('mt-0.5 h-4 w-4 shrink-0', iconClassName)} aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /signup-process: How to Register, in 3 steps, with what you need and tips. */
export function Component() {
  const { t } = useTranslation('pages');
  const goBack = useGoBack();
  return (
    <>
      <title>{`${BRAND_NAME} · ${t('signup.title')}`}</title>
      <PageHero eyebrow={t('signup.eyebrow')} title={t('signup.title')} lead={t('signup.lead')} />
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
        <section aria-labelledby="signup-steps">
          <h2 id="signup-steps" className="text-2xl font-semibold text-fg">
            {t('signup.stepsTitle')}
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-3">
            {STEPS.map((key, i) => (
              <li key={key} className="rounded-2xl border border-border bg-surface p-6">
                <span className="grid h-9 w-9 place-items-center rounded-full bg-primary font-semibold text-primary-fg">
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold text-fg">{t(`signup.steps.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{t(`signup.steps.${key}.body`)}</p>
              </li>
            ))}
          </ol>
        </section>
        <div className="grid gap-6 md:grid-cols-2">
          <ChecklistCard
            id="signup-needs"
            title={t('signup.needsTitle')}
            icon={Check}
            iconClassName="text-success"
            items={NEEDS.map((key) => t(`signup.needs.${key}`))}
          />
          <ChecklistCard
            id="signup-tips"
            title={t('signup.tipsTitle')}
            icon={Lightbulb}
            iconClassName="text-warning"
            items={TIPS.map((key) => t(`signup.tips.${key}`))}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="outline" onClick={goBack}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            {t('back')}
          </Button>
          <RegisterButton>{t('signup.registerNow')}</RegisterButton>
        </div>
      </div>
    </>
  );
}
