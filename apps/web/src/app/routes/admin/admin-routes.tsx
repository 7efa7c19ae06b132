import { Navigate, type RouteObject, useParams } from 'react-router';
import type { TShellHandle } from '@/components/layouts/shell-title';
import { Splash } from '@/components/splash';
import { ShellPageError } from '../shell/page-error';

/** A page of the admin area not built yet: the shared "not available yet" page under its title. */
function comingSoon(path: string, titleKey: string): RouteObject {
  const handle: TShellHandle = { titleKey };
  return { path, handle, lazy: () => import('../shell/not-available') };
}

/** DESIGN §1: the spec's misspelt /admin/withdarwalMethod/{id} keeps working, as a redirect. */
function MisspeltWithdrawalMethodRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/admin/withdrawalmethod/${encodeURIComponent(id)}`} replace />;
}

/** Children of /admin (spec 02 §2), already behind the Admin role guard. */
export const adminRoutes: RouteObject[] = [
  {
    lazy: () => import('@/components/layouts/admin-layout'),
    // First load straight into the area: the splash shows while the shell's code arrives.
    HydrateFallback: Splash,
    children: [
      {
        errorElement: <ShellPageError />,
        children: [
          {
            index: true,
            handle: { titleKey: 'admin.nav.overview' } satisfies TShellHandle,
            lazy: () => import('./overview'),
          },
          comingSoon('transactions', 'admin.nav.transactions'),
          comingSoon('transaction-overview/:id', 'admin.pages.transactionOverview'),
          comingSoon('deposits', 'admin.nav.deposits'),
          comingSoon('withdrawals', 'admin.nav.withdrawals'),
          comingSoon('investments', 'admin.nav.investments'),
          comingSoon('trades', 'admin.nav.trades'),
          comingSoon('trades/due', 'admin.pages.dueTrades'),
          comingSoon('trades/rejected', 'admin.pages.rejectedTrades'),
          comingSoon('position-order', 'admin.nav.positionOrders'),
          comingSoon('investmentplans', 'admin.nav.investmentPlans'),
          comingSoon('plan-upgrades', 'admin.nav.planUpgrades'),
          comingSoon('depositmethods', 'admin.nav.depositMethods'),
          comingSoon('depositmethod/:id', 'admin.pages.depositMethod'),
          comingSoon('withdrawalmethods', 'admin.nav.withdrawalMethods'),
          comingSoon('withdrawalmethod/:id', 'admin.pages.withdrawalMethod'),
          { path: 'withdarwalMethod/:id', element: <MisspeltWithdrawalMethodRedirect /> },
          comingSoon('clients', 'admin.nav.clients'),
          comingSoon('client_details/:id', 'admin.pages.clientDetails'),
          comingSoon('kyc/review', 'admin.nav.kycReview'),
          comingSoon('kyc/all', 'admin.nav.kycAll'),
          comingSoon('unlock-requests', 'admin.nav.unlockRequests'),
          comingSoon('create-signal', 'admin.nav.createSignal'),
          comingSoon('signal-list', 'admin.nav.signalList'),
          comingSoon('message-requests', 'admin.nav.messages'),
          comingSoon('charts', 'admin.pages.charts'),
          comingSoon('change-password', 'nav.changePassword'),
          comingSoon('profile/:id', 'nav.profile'),
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
