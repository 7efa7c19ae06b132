import type { ReactNode } from 'react';

/** The band at the top of a public page: eyebrow, the page's one h1, and a lead paragraph. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <section className="border-b border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="max-w-2xl space-y-4">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>
          <h1 className="text-4xl font-semibold tracking-tight text-fg">{title}</h1>
          {lead && <p className="text-lg leading-relaxed text-muted">{lead}</p>}
          {children}
        </div>
      </div>
    </section>
  );
}
