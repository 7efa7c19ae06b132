import { BadgeCheck, CircleAlert, CircleCheck, CircleX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type TBadgeTone } from './badge';

/** The words of a yes-or-no badge, in the namespace of the page that shows it. */
export interface TFlagLabels {
  yes: ReactNode;
  no: ReactNode;
}

type TFlagLook = { tone: TBadgeTone; Icon: LucideIcon };

function FlagBadge({ value, labels, yes, no }: { value: boolean; labels: TFlagLabels; yes: TFlagLook; no: TFlagLook }) {
  const { tone, Icon } = value ? yes : no;
  return (
    <Badge tone={tone} icon={<Icon className="h-3 w-3" aria-hidden="true" />}>
      {value ? labels.yes : labels.no}
    </Badge>
  );
}

/** Active (green) or Inactive (red): an account. */
export function ActiveBadge({ isActive, labels }: { isActive: boolean; labels: TFlagLabels }) {
  return (
    <FlagBadge
      value={isActive}
      labels={labels}
      yes={{ tone: 'success', Icon: CircleCheck }}
      no={{ tone: 'danger', Icon: CircleX }}
    />
  );
}

/** Verified (green) or not yet (yellow), as the one rule says (`verificationState(user).verified`, contracts/verification). */
export function VerifiedBadge({ isVerified, labels }: { isVerified: boolean; labels: TFlagLabels }) {
  return (
    <FlagBadge
      value={isVerified}
      labels={labels}
      yes={{ tone: 'success', Icon: BadgeCheck }}
      no={{ tone: 'warning', Icon: CircleAlert }}
    />
  );
}
