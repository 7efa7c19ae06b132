import type { ReactNode } from 'react';

export interface HomeSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  lead: ReactNode;
  /** Beside the title on wide screens, below it on narrow ones (e.g. where the figures come from). */
  aside?: ReactNode;
  children: ReactNode;
}

/** One of the home page's sections below the hero: its title and lead over the content, in the page's width. */
export function HomeSection({ id, title, lead, aside, children }: HomeSectionProps) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-2xl font-semibold tracking-tight text-fg">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{lead}</p>
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
