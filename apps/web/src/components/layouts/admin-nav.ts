import type { TStaffRole } from '@meridian/contracts/constants';
import { getApprovals } from '@meridian/contracts/endpoints/approvals';
import { getAuditLog, getOutbox } from '@meridian/contracts/endpoints/audit';
import { getAdminStats, getClients } from '@meridian/contracts/endpoints/clients';
import { getDeposits } from '@meridian/contracts/endpoints/deposits';
import { getInvestments } from '@meridian/contracts/endpoints/investments';
import { getAllKyc, getPendingKyc } from '@meridian/contracts/endpoints/kyc';
import { getAllOrders } from '@meridian/contracts/endpoints/orders';
import { getPendingTrades } from '@meridian/contracts/endpoints/payouts';
import { getPositions } from '@meridian/contracts/endpoints/positions';
import { getUnlockRequests } from '@meridian/contracts/endpoints/recovery';
import { getReservesOverview } from '@meridian/contracts/endpoints/reserves';
import { createSignal, getAllSignals } from '@meridian/contracts/endpoints/signals';
import { getStaff } from '@meridian/contracts/endpoints/staff';
import { getSupportMessages } from '@meridian/contracts/endpoints/support';
import { getTransactionCharts, getTransactions } from '@meridian/contracts/endpoints/transactions';
import { getUpgradeRequests } from '@meridian/contracts/endpoints/upgrades';
import { getWithdrawals } from '@meridian/contracts/endpoints/withdrawals';
import { can, type TPermission } from '@meridian/contracts/staff-terms';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  ChartCandlestick,
  ChartColumnStacked,
  CircleArrowUp,
  ClipboardList,
  CreditCard,
  FileSearch,
  Files,
  Landmark,
  Layers,
  LayoutDashboard,
  List,
  ListOrdered,
  LockOpen,
  Mail,
  Megaphone,
  MessageSquare,
  PiggyBank,
  Receipt,
  Scale,
  ScrollText,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';
import { isNavItemActive, type TShellNavItem } from './shell-nav-item';

/**
 * A back-office entry and what its page (and the detail pages highlighted under it) needs: the
 * permission of the endpoint the page reads, so the menu, the page guard (`adminPagePermission`) and
 * the server's guard cannot disagree (docs/security.md, "Staff roles"). `null`: the page reads only
 * what every staff member may (the plans and methods are public; editing them is checked on the
 * page itself).
 */
export interface TAdminNavItem extends TShellNavItem {
  permission: TPermission | null;
}

export interface TAdminNavSection {
  /** Key in the `shell` namespace. */
  titleKey: string;
  items: TAdminNavItem[];
}

/** The admin sidebar sections, in order. */
export const ADMIN_NAV: readonly TAdminNavSection[] = [
  {
    titleKey: 'admin.sections.dashboard',
    items: [
      {
        to: '/admin',
        labelKey: 'admin.nav.overview',
        icon: LayoutDashboard,
        end: true,
        permission: getAdminStats.permission,
      },
      {
        to: '/admin/charts',
        labelKey: 'admin.nav.charts',
        icon: ChartColumnStacked,
        permission: getTransactionCharts.permission,
      },
    ],
  },
  {
    titleKey: 'admin.sections.transactions',
    items: [
      {
        to: '/admin/transactions',
        labelKey: 'admin.nav.transactions',
        icon: Receipt,
        activeOn: ['/admin/transaction-overview'],
        permission: getTransactions.permission,
      },
      {
        to: '/admin/deposits',
        labelKey: 'admin.nav.deposits',
        icon: ArrowDownToLine,
        permission: getDeposits.permission,
      },
      {
        to: '/admin/withdrawals',
        labelKey: 'admin.nav.withdrawals',
        icon: ArrowUpFromLine,
        permission: getWithdrawals.permission,
      },
      {
        to: '/admin/investments',
        labelKey: 'admin.nav.investments',
        icon: PiggyBank,
        permission: getInvestments.permission,
      },
      {
        to: '/admin/approvals',
        labelKey: 'admin.nav.approvals',
        icon: ShieldCheck,
        permission: getApprovals.permission,
      },
      {
        to: '/admin/reserves',
        labelKey: 'admin.nav.reserves',
        icon: Scale,
        permission: getReservesOverview.permission,
      },
    ],
  },
  {
    titleKey: 'admin.sections.trading',
    items: [
      {
        to: '/admin/trades',
        labelKey: 'admin.nav.trades',
        icon: ChartCandlestick,
        permission: getPendingTrades.permission,
      },
      {
        to: '/admin/position-order',
        labelKey: 'admin.nav.positionOrders',
        icon: ListOrdered,
        permission: getPositions.permission,
      },
      {
        to: '/admin/pending-orders',
        labelKey: 'admin.nav.pendingOrders',
        icon: ClipboardList,
        permission: getAllOrders.permission,
      },
    ],
  },
  {
    titleKey: 'admin.sections.plans',
    items: [
      { to: '/admin/investmentplans', labelKey: 'admin.nav.investmentPlans', icon: Layers, permission: null },
      {
        to: '/admin/plan-upgrades',
        labelKey: 'admin.nav.planUpgrades',
        icon: CircleArrowUp,
        permission: getUpgradeRequests.permission,
      },
    ],
  },
  {
    titleKey: 'admin.sections.configuration',
    items: [
      {
        to: '/admin/depositmethods',
        labelKey: 'admin.nav.depositMethods',
        icon: CreditCard,
        activeOn: ['/admin/depositmethod'],
        permission: null,
      },
      {
        to: '/admin/withdrawalmethods',
        labelKey: 'admin.nav.withdrawalMethods',
        icon: Landmark,
        activeOn: ['/admin/withdrawalmethod'],
        permission: null,
      },
    ],
  },
  {
    titleKey: 'admin.sections.management',
    items: [
      {
        to: '/admin/clients',
        labelKey: 'admin.nav.clients',
        icon: Users,
        activeOn: ['/admin/client_details'],
        permission: getClients.permission,
      },
      {
        to: '/admin/kyc/review',
        labelKey: 'admin.nav.kycReview',
        icon: FileSearch,
        permission: getPendingKyc.permission,
      },
      { to: '/admin/kyc/all', labelKey: 'admin.nav.kycAll', icon: Files, permission: getAllKyc.permission },
      {
        to: '/admin/unlock-requests',
        labelKey: 'admin.nav.unlockRequests',
        icon: LockOpen,
        permission: getUnlockRequests.permission,
      },
      {
        to: '/admin/create-signal',
        labelKey: 'admin.nav.createSignal',
        icon: Megaphone,
        permission: createSignal.permission,
      },
      { to: '/admin/signal-list', labelKey: 'admin.nav.signalList', icon: List, permission: getAllSignals.permission },
      {
        to: '/admin/message-requests',
        labelKey: 'admin.nav.messages',
        icon: MessageSquare,
        permission: getSupportMessages.permission,
      },
      { to: '/admin/audit', labelKey: 'admin.nav.audit', icon: ScrollText, permission: getAuditLog.permission },
      { to: '/admin/outbox', labelKey: 'admin.nav.outbox', icon: Mail, permission: getOutbox.permission },
      { to: '/admin/staff', labelKey: 'admin.nav.staff', icon: UserCog, permission: getStaff.permission },
    ],
  },
];

/**
 * The sections as a staff member of `role` sees them: only the entries their role allows, and no
 * section left without an entry.
 */
export function adminNavFor(role: TStaffRole | null): TAdminNavSection[] {
  return ADMIN_NAV.map((section) => ({
    ...section,
    items: section.items.filter((item) => item.permission === null || can(role, item.permission)),
  })).filter((section) => section.items.length > 0);
}

/**
 * What the page at `pathname` needs: the permission of the entry highlighted on it (a list's detail
 * and sub pages are highlighted under the list), so the menu and the page guard read one table;
 * `null` for a page no entry names (one's own profile, security, a mistyped address).
 */
export function adminPagePermission(pathname: string): TPermission | null {
  const entry = ADMIN_NAV.flatMap((section) => section.items).find((item) => isNavItemActive(item, pathname));
  return entry?.permission ?? null;
}
