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
  ScrollText,
  Users,
} from 'lucide-react';
import type { TShellNavItem } from './shell-nav-item';

export interface TAdminNavSection {
  /** Key in the `shell` namespace. */
  titleKey: string;
  items: TShellNavItem[];
}

/** The admin sidebar sections, in order. */
export const ADMIN_NAV: readonly TAdminNavSection[] = [
  {
    titleKey: 'admin.sections.dashboard',
    items: [
      { to: '/admin', labelKey: 'admin.nav.overview', icon: LayoutDashboard, end: true },
      { to: '/admin/charts', labelKey: 'admin.nav.charts', icon: ChartColumnStacked },
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
      },
      { to: '/admin/deposits', labelKey: 'admin.nav.deposits', icon: ArrowDownToLine },
      { to: '/admin/withdrawals', labelKey: 'admin.nav.withdrawals', icon: ArrowUpFromLine },
      { to: '/admin/investments', labelKey: 'admin.nav.investments', icon: PiggyBank },
    ],
  },
  {
    titleKey: 'admin.sections.trading',
    items: [
      { to: '/admin/trades', labelKey: 'admin.nav.trades', icon: ChartCandlestick },
      { to: '/admin/position-order', labelKey: 'admin.nav.positionOrders', icon: ListOrdered },
      { to: '/admin/pending-orders', labelKey: 'admin.nav.pendingOrders', icon: ClipboardList },
    ],
  },
  {
    titleKey: 'admin.sections.plans',
    items: [
      { to: '/admin/investmentplans', labelKey: 'admin.nav.investmentPlans', icon: Layers },
      { to: '/admin/plan-upgrades', labelKey: 'admin.nav.planUpgrades', icon: CircleArrowUp },
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
      },
      {
        to: '/admin/withdrawalmethods',
        labelKey: 'admin.nav.withdrawalMethods',
        icon: Landmark,
        activeOn: ['/admin/withdrawalmethod'],
      },
    ],
  },
  {
    titleKey: 'admin.sections.management',
    items: [
      { to: '/admin/clients', labelKey: 'admin.nav.clients', icon: Users, activeOn: ['/admin/client_details'] },
      { to: '/admin/kyc/review', labelKey: 'admin.nav.kycReview', icon: FileSearch },
      { to: '/admin/kyc/all', labelKey: 'admin.nav.kycAll', icon: Files },
      { to: '/admin/unlock-requests', labelKey: 'admin.nav.unlockRequests', icon: LockOpen },
      { to: '/admin/create-signal', labelKey: 'admin.nav.createSignal', icon: Megaphone },
      { to: '/admin/signal-list', labelKey: 'admin.nav.signalList', icon: List },
      { to: '/admin/message-requests', labelKey: 'admin.nav.messages', icon: MessageSquare },
      { to: '/admin/audit', labelKey: 'admin.nav.audit', icon: ScrollText },
      { to: '/admin/outbox', labelKey: 'admin.nav.outbox', icon: Mail },
    ],
  },
];
