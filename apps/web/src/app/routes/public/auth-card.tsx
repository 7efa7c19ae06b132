import type { ReactNode } from 'react';
import { BRAND_NAME } from '@/components/logo';
import { cn } from '@/lib/cn';

/** The frame of the full-page sign-in and sign-up forms. */
export function AuthCard({
  title,
  subtitle,
  icon,
  wide = false,
  children,
}: {
  title: string;
  subtitle: string;
  icon?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="px-4 py-10 sm:py-16">
      <title>{`${title} · ${BRAND_NAME}`}</title>
      <section
        aria-labelledby="auth-card-title"
        className={cn(
          'mx-auto w-full rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8',
          wide ? 'max-w-xl' : 'max-w-md',
        )}
      >
        <div className="mb-6 space-y-2">
          {icon}
          <h1 id="auth-card-title" className="text-2xl font-semibold tracking-tight text-fg">
            {title}
          </h1>
          <p className="text-sm text-muted">{subtitle}</p>
        </div>
        {children}
      </section>
    </div>
  );
}
