import { Navigate, type RouteObject, useParams } from 'react-router';
import { RequirePermission } from '@/app/guards';
import { adminPagePermission } from '@/components/layouts/admin-nav';
import type { TShellHandle } from '@/components/layouts/shell-title';
import { lazyAreaLayout, lazyFrame } from '../shell/area-routes';
import { NotAllowedPage } from '../shell/not-allowed';
import { ShellPageError } from '../shell/page-error';

/** The spec's misspelt /admin/withdarwalMethod/{id} keeps working, as a redirect (docs/deviations.md). */
function MisspeltWithdrawalMethodRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/admin/withdrawalmethod/${encodeURIComponent(id)}`} replace />;
}

const { Layout: AdminLayout, PageLoading, loadPages } = lazyAreaLayout(() => import('@/app/layouts/admin-layout'));
const { Frame: SecondFactorGate, preload: preloadGate } = lazyFrame(
  () => import('./second-factor-gate'),
  (module) => module.AdminSecondFactorGate,
);

/** The pages' loader, which also fetches the gate in front of them: a sign-in fetches both at once. */
function loadAdminPages() {
  preloadGate().catch(() => {});
  return loadPages();
}

/** The back office's frame and pages, behind the second-factor gate below. */
const areaRoutes: RouteObject[] = [
  {
    // The frame, then the page inside it (its loading state first, on a visit's first page).
    Component: AdminLayout,
    children: [
      {
        // A page the staff member's role cannot use says so in place of it (the sidebar's table, admin-nav.ts).
        element: <RequirePermission permissionOf={adminPagePermission} refused={<NotAllowedPage />} />,
        errorElement: <ShellPageError />,
        loader: loadAdminPages,
        // Each page's words are loaded once; a new search or id needs nothing more.
        shouldRevalidate: () => false,
        HydrateFallback: PageLoading,
        children: [
          {
            index: true,
            handle: { titleKey: 'admin.nav.overview' } satisfies TShellHandle,
            lazy: () => import('./overview'),
          },
          {
            path: 'transactions',
            handle: { titleKey: 'admin.nav.transactions' } satisfies TShellHandle,
            lazy: () => import('./money-lists').then((m) => ({ Component: m.TransactionsPage })),
          },
          {
            path: 'transaction-overview/:id',
            handle: { titleKey: 'admin.pages.transactionOverview' } satisfies TShellHandle,
            lazy: () => import('./transaction-overview'),
          },
          {
            path: 'deposits',
            handle: { titleKey: 'admin.nav.deposits' } satisfies TShellHandle,
            lazy: () => import('./money-lists').then((m) => ({ Component: m.DepositsPage })),
          },
          {
            path: 'withdrawals',
            handle: { titleKey: 'admin.nav.withdrawals' } satisfies TShellHandle,
            lazy: () => import('./money-lists').then((m) => ({ Component: m.WithdrawalsPage })),
          },
          {
            path: 'investments',
            handle: { titleKey: 'admin.nav.investments' } satisfies TShellHandle,
            lazy: () => import('./money-lists').then((m) => ({ Component: m.InvestmentsPage })),
          },
          {
            path: 'approvals',
            handle: { titleKey: 'admin.nav.approvals' } satisfies TShellHandle,
            lazy: () => import('./approvals'),
          },
          {
            path: 'reserves',
            handle: { titleKey: 'admin.nav.reserves' } satisfies TShellHandle,
            lazy: () => import('./reserves'),
          },
          {
            path: 'trades',
            handle: { titleKey: 'admin.nav.trades' } satisfies TShellHandle,
            lazy: () => import('./trades').then((m) => ({ Component: m.TradeLogPage })),
          },
          {
            path: 'trades/due',
            handle: { titleKey: 'admin.pages.dueTrades' } satisfies TShellHandle,
            lazy: () => import('./trades').then((m) => ({ Component: m.DueTradesPage })),
          },
          {
            path: 'trades/rejected',
            handle: { titleKey: 'admin.pages.rejectedTrades' } satisfies TShellHandle,
            lazy: () => import('./trades').then((m) => ({ Component: m.RejectedTradesPage })),
          },
          {
            path: 'position-order',
            handle: { titleKey: 'admin.nav.positionOrders' } satisfies TShellHandle,
            lazy: () => import('./position-order'),
          },
          {
            path: 'position-order/:id',
            handle: { titleKey: 'admin.pages.position' } satisfies TShellHandle,
            lazy: () => import('./position'),
          },
          {
            path: 'pending-orders',
            handle: { titleKey: 'admin.nav.pendingOrders' } satisfies TShellHandle,
            lazy: () => import('./orders'),
          },
          {
            path: 'investmentplans',
            handle: { titleKey: 'admin.nav.investmentPlans' } satisfies TShellHandle,
            lazy: () => import('./investment-plans'),
          },
          {
            path: 'plan-upgrades',
            handle: { titleKey: 'admin.nav.planUpgrades' } satisfies TShellHandle,
            lazy: () => import('./plan-upgrades'),
          },
          {
            path: 'depositmethods',
            handle: { titleKey: 'admin.nav.depositMethods' } satisfies TShellHandle,
            lazy: () => import('./methods').then((m) => ({ Component: m.DepositMethodsPage })),
          },
          {
            path: 'depositmethod/:id',
            handle: { titleKey: 'admin.pages.depositMethod' } satisfies TShellHandle,
            lazy: () => import('./methods').then((m) => ({ Component: m.DepositMethodPage })),
          },
          {
            path: 'withdrawalmethods',
            handle: { titleKey: 'admin.nav.withdrawalMethods' } satisfies TShellHandle,
            lazy: () => import('./methods').then((m) => ({ Component: m.WithdrawalMethodsPage })),
          },
          {
            path: 'withdrawalmethod/:id',
            handle: { titleKey: 'admin.pages.withdrawalMethod' } satisfies TShellHandle,
            lazy: () => import('./methods').then((m) => ({ Component: m.WithdrawalMethodPage })),
          },
          { path: 'withdarwalMethod/:id', element: <MisspeltWithdrawalMethodRedirect /> },
          {
            path: 'clients',
            handle: { titleKey: 'admin.nav.clients' } satisfies TShellHandle,
            lazy: () => import('./clients'),
          },
          {
            path: 'client_details/:id',
            handle: { titleKey: 'admin.pages.clientDetails' } satisfies TShellHandle,
            lazy: () => import('./client-details'),
          },
          {
            path: 'kyc/review',
            handle: { titleKey: 'admin.nav.kycReview' } satisfies TShellHandle,
            lazy: () => import('./kyc-review'),
          },
          {
            path: 'kyc/all',
            handle: { titleKey: 'admin.nav.kycAll' } satisfies TShellHandle,
            lazy: () => import('./kyc-all'),
          },
          {
            path: 'unlock-requests',
            handle: { titleKey: 'admin.nav.unlockRequests' } satisfies TShellHandle,
            lazy: () => import('./unlock-requests'),
          },
          {
            path: 'create-signal',
            handle: { titleKey: 'admin.nav.createSignal' } satisfies TShellHandle,
            lazy: () => import('./create-signal'),
          },
          {
            path: 'signal-list',
            handle: { titleKey: 'admin.nav.signalList' } satisfies TShellHandle,
            lazy: () => import('./signal-list'),
          },
          {
            path: 'message-requests',
            handle: { titleKey: 'admin.nav.messages' } satisfies TShellHandle,
            lazy: () => import('./message-requests'),
          },
          {
            path: 'audit',
            handle: { titleKey: 'admin.nav.audit' } satisfies TShellHandle,
            lazy: () => import('./audit'),
          },
          {
            path: 'staff',
            handle: { titleKey: 'admin.nav.staff' } satisfies TShellHandle,
            lazy: () => import('./staff'),
          },
          {
            path: 'outbox',
            handle: { titleKey: 'admin.nav.outbox' } satisfies TShellHandle,
            lazy: () => import('./outbox'),
          },
          {
            path: 'charts',
            handle: { titleKey: 'admin.nav.charts' } satisfies TShellHandle,
            lazy: () => import('./charts'),
          },
          {
            path: 'change-password',
            handle: { titleKey: 'nav.changePassword' } satisfies TShellHandle,
            lazy: () => import('./change-password'),
          },
          {
            path: 'security',
            handle: { titleKey: 'nav.security' } satisfies TShellHandle,
            lazy: () => import('./security'),
          },
          {
            path: 'profile/:id',
            handle: { titleKey: 'nav.profile' } satisfies TShellHandle,
            lazy: () => import('./profile'),
          },
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

/**
 * Children of /admin, already behind the Admin role guard: an admin whose session has not passed a
 * second factor enrols first (second-factor-gate.tsx, loaded with the area).
 */
export const adminRoutes: RouteObject[] = [{ Component: SecondFactorGate, children: areaRoutes }];
