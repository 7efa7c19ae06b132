import type { LucideIcon } from 'lucide-react';

export interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  body: string;
  /** The card's heading level, one below the heading it sits under. */
  heading?: 'h2' | 'h3';
}

/** A public page's card for one thing the platform offers: its icon, title and a few words. */
export function FeatureCard({ icon: Icon, title, body, heading: Heading = 'h3' }: FeatureCardProps) {
  return (
    <li className="rounded-2xl border border-border bg-surface p-6">
      <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
      <Heading className="mt-4 font-semibold text-fg">{title}</Heading>
      <p className="mt-2 text-sm leading-relaxed text-muted">{body}</p>
    </li>
  );
}
