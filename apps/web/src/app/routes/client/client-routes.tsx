import type { RouteObject } from 'react-router';
import type { TShellHandle } from '@/components/layouts/shell-title';
import { Splash } from '@/components/splash';
import { ShellPageError } from '../shell/page-error';

/** A page of the client area not built yet: the shared "not available yet" page under its title. */
function comingSoon(path: string, titleKey: string): RouteObject {
  const handle: TShellHandle = { titleKey };
  return { path, handle, lazy: () => import('../shell/not-available') };
}

/**
 * Children of /user (spec 01 §2), already behind the Client role guard. The shell loads as its own
 * chunk; pages render inside it, and a page that fails shows its error inside the shell too.
 */
export const clientRoutes: RouteObject[] = [
  {
    lazy: () => import('@/components/layouts/client-layout'),
    // First load straight into the area: the splash shows while the shell's code arrives.
    HydrateFallback: Splash,
    children: [
      {
        errorElement: <ShellPageError />,
        children: [
          {
            index: true,
            handle: { titleKey: 'nav.overview' } satisfies TShellHandle,
            lazy: () => import('./overview'),
          },
          comingSoon('balance', 'nav.balance'),
          comingSoon('transactions', 'nav.transactions'),
          comingSoon('deposits', 'pages.deposits'),
          comingSoon('withdrawals', 'pages.withdrawals'),
          comingSoon('investments', 'nav.investments'),
          comingSoon('transaction/:transactionId', 'pages.transaction'),
          comingSoon('positions', 'nav.positions'),
          comingSoon('trade-activities', 'nav.tradeActivities'),
          comingSoon('signals', 'nav.signals'),
          comingSoon('signal-trades', 'nav.signalTrades'),
          comingSoon('depositmethod', 'nav.addFunds'),
          comingSoon('depositmethod/:id', 'nav.addFunds'),
          comingSoon('deposit', 'pages.deposit'),
          comingSoon('withdrawalmethod', 'nav.withdraw'),
          comingSoon('withdrawalmethod/:id', 'nav.withdraw'),
          comingSoon('investmentplan', 'nav.tradingPlans'),
          comingSoon('investmentplan/:id', 'nav.tradingPlans'),
          comingSoon('profile/:userId', 'nav.profile'),
          comingSoon('change-password', 'nav.changePassword'),
          comingSoon('kyc/status', 'nav.kyc'),
          comingSoon('kyc/submit', 'nav.kyc'),
          comingSoon('deposit-process', 'pages.depositProcess'),
          comingSoon('notifications', 'nav.notifications'),
          comingSoon('exchange', 'nav.exchange'),
          {
            path: '*',
            handle: { titleKey: 'notFound.title' } satisfies TShellHandle,
            lazy: () => import('../shell/not-found'),
          },
        ],
      },
    ],
  },
];
