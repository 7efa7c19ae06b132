import { BELL_MAX_COUNT } from '@meridian/contracts/constants';
import { Bell } from 'lucide-react';

/** The look of the header bell: its button or link is 40 px square with this inside. */
export const BELL_CLASS = 'relative grid h-10 w-10 place-items-center rounded-lg text-fg hover:bg-surface-2';

/** The unread count as the bell shows it: '9+' above 9. Its label says the same, so what is read aloud is what is seen. */
export const bellCount = (unread: number) => (unread > BELL_MAX_COUNT ? `${BELL_MAX_COUNT}+` : String(unread));

/** The bell's icon and the unread count, which the bell's label also says. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell className="h-5 w-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-[11px] font-semibold leading-none text-white dark:text-bg"
          data-testid="notification-count"
        >
          {bellCount(unread)}
        </span>
      )}
    </>
  );
}
