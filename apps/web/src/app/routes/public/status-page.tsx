import type { ReactNode } from 'react';
import { BRAND_NAME } from '@/components/logo';
import { ButtonLink } from '@/components/ui/button-link';

/** A short page that says what happened and offers one way on (Access Denied, Page Not Found). */
export function StatusPage({
  code,
  title,
  body,
  linkTo,
  linkLabel,
  icon,
}: {
  code: string;
  title: string;
  body: string;
  linkTo: string;
  linkLabel: string;
  icon: ReactNode;
}) {
  return (
    <div className="grid place-items-center px-4 py-20 text-center sm:py-28">
      <title>{`${title} · ${BRAND_NAME}`}</title>
      <div className="max-w-md space-y-4">
        <div className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-surface-2 text-primary">{icon}</div>
        <p className="text-sm font-semibold tracking-widest text-muted">{code}</p>
        <h1 className="text-3xl font-semibold tracking-tight text-fg">{title}</h1>
        <p className="text-muted">{body}</p>
        <ButtonLink size="lg" className="mt-2" to={linkTo}>
          {linkLabel}
        </ButtonLink>
      </div>
    </div>
  );
}
