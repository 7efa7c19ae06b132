import type { RouteObject } from 'react-router';
import type { TShellHandle } from '@/components/layouts/shell-title';
import { lazyAreaLayout } from '../shell/area-routes';
import { ShellPageError } from '../shell/page-error';

/** A page of the client area not built yet: the shared "not available yet" page under its title. */
function comingSoon(path: string, titleKey: string): RouteObject {
  const handle: TShellHandle = { titleKey };
  return { path, handle, lazy: () => import('../shell/not-available') };
}

/** A built page of the client area: a lazily loaded module exporting `Component`. */
function page(path: string, titleKey: string, load: RouteObject['lazy']): RouteObject {
  const handle: TShellHandle = { titleKey };
  return { path, handle, lazy: load };
}

/** Activity History and its tabs share one module. */
function history(
  path: string,
  titleKey: string,
  name: 'AllActivityPage' | 'DepositsPage' | 'WithdrawalsPage' | 'InvestmentsPage',
): RouteObject {
  const handle: TShellHandle = { titleKey };
  return { path, handle, lazy: async () => ({ Component: (await import('./history'))[name] }) };
}

const { Layout: ClientLayout, PageLoading, loadPages } = lazyAreaLayout(() => import('@/app/layouts/client-layout'));

/**
 * Children of /user, already behind the Client role guard. The shell loads as its own
 * chunk; pages render inside it, and a page that fails shows its error inside the shell too.
 */
export const clientRoutes: RouteObject[] = [
  {
    // The frame, then the page inside it (its loading state first, on a visit's first page).
    Component: ClientLayout,
    children: [
      {
        errorElement: <ShellPageError />,
        loader: loadPages,
        // Each page's words are loaded once; a new search or id needs nothing more.
        shouldRevalidate: () => false,
        HydrateFallback: PageLoading,
        children: [
          {
            index: true,
            handle: { titleKey: 'nav.overview' } satisfies TShellHandle,
            lazy: () => import('./overview'),
          },
          page('balance', 'nav.balance', () => import('./balance')),
          history('transactions', 'nav.transactions', 'AllActivityPage'),
          history('deposits', 'pages.deposits', 'DepositsPage'),
          history('withdrawals', 'pages.withdrawals', 'WithdrawalsPage'),
          history('investments', 'nav.investments', 'InvestmentsPage'),
          page('transaction/:transactionId', 'pages.transaction', () => import('./transaction')),
          page('positions', 'nav.positions', () => import('./positions')),
          page('positions/:positionId', 'pages.position', () => import('./position')),
          page('orders', 'nav.orders', () => import('./orders')),
          page('alerts', 'nav.alerts', () => import('./alerts')),
          page('trade-activities', 'nav.tradeActivities', () => import('./trade-activities')),
          page('signals', 'nav.signals', () => import('./signals')),
          page('signal-trades', 'nav.signalTrades', () => import('./signal-trades')),
          page('depositmethod', 'nav.addFunds', () => import('./deposit-methods')),
          page('depositmethod/:id', 'nav.addFunds', () => import('./deposit-method')),
          page('deposit', 'pages.deposit', () => import('./deposit')),
          page('withdrawalmethod', 'nav.withdraw', () => import('./withdrawal-methods')),
          page('withdrawalmethod/:id', 'nav.withdraw', () => import('./withdrawal-method')),
          page('withdrawal-addresses', 'nav.withdraw', () => import('./withdrawal-addresses')),
          page('investmentplan', 'nav.tradingPlans', () => import('./investment-plans')),
          page('investmentplan/:id', 'nav.tradingPlans', () => import('./investment-plan')),
          page('profile/:userId', 'nav.profile', () => import('./profile')),
          page('change-password', 'nav.changePassword', () => import('./change-password')),
          page('security', 'nav.security', () => import('./security')),
          page('kyc/status', 'nav.kyc', () => import('./kyc-status')),
          page('kyc/submit', 'nav.kyc', () => import('./kyc-submit')),
          page('deposit-process', 'pages.depositProcess', () => import('./deposit-process')),
          page('notifications', 'nav.notifications', () => import('./notifications')),
          page('reserves', 'nav.reserves', () => import('./reserves')),
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
