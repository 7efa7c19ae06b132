import type { TKycStatus } from '@meridian/contracts/constants';
import { verificationState } from '@meridian/contracts/verification';
import {
  Activity,
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowRightLeft,
  Bell,
  BellRing,
  ChartCandlestick,
  CirclePlus,
  ClipboardList,
  Fingerprint,
  KeyRound,
  Layers,
  LayoutDashboard,
  ListChecks,
  PiggyBank,
  RadioTower,
  Scale,
  ShieldCheck,
  UserRound,
  Wallet,
} from 'lucide-react';
import type { TShellNavItem } from './shell-nav-item';

export const KYC_NAV_PATH = '/user/kyc/status';

/** The client sidebar, in order. Labels are keys in the `shell` namespace. */
export function clientNavItems(userId: string): TShellNavItem[] {
  return [
    { to: '/user', labelKey: 'nav.overview', icon: LayoutDashboard, end: true },
    { to: '/user/balance', labelKey: 'nav.balance', icon: Wallet },
    {
      to: '/user/transactions',
      labelKey: 'nav.transactions',
      icon: ArrowLeftRight,
      activeOn: ['/user/deposits', '/user/withdrawals', '/user/transaction'],
    },
    { to: '/user/positions', labelKey: 'nav.positions', icon: ChartCandlestick },
    { to: '/user/orders', labelKey: 'nav.orders', icon: ClipboardList },
    { to: '/user/alerts', labelKey: 'nav.alerts', icon: BellRing },
    { to: '/user/trade-activities', labelKey: 'nav.tradeActivities', icon: Activity },
    { to: '/user/signals', labelKey: 'nav.signals', icon: RadioTower },
    { to: '/user/signal-trades', labelKey: 'nav.signalTrades', icon: ListChecks },
    {
      to: '/user/depositmethod',
      labelKey: 'nav.addFunds',
      icon: CirclePlus,
      activeOn: ['/user/deposit', '/user/deposit-process'],
    },
    { to: '/user/withdrawalmethod', labelKey: 'nav.withdraw', icon: ArrowDownToLine },
    { to: '/user/investmentplan', labelKey: 'nav.tradingPlans', icon: Layers },
    { to: '/user/investments', labelKey: 'nav.investments', icon: PiggyBank },
    { to: '/user/reserves', labelKey: 'nav.reserves', icon: Scale },
    { to: KYC_NAV_PATH, labelKey: 'nav.kyc', icon: ShieldCheck, activeOn: ['/user/kyc'] },
    { to: '/user/notifications', labelKey: 'nav.notifications', icon: Bell },
    { to: `/user/profile/${userId}`, labelKey: 'nav.profile', icon: UserRound, activeOn: ['/user/profile'] },
    { to: '/user/change-password', labelKey: 'nav.changePassword', icon: KeyRound },
    { to: '/user/security', labelKey: 'nav.security', icon: Fingerprint },
    { to: '/user/exchange', labelKey: 'nav.exchange', icon: ArrowRightLeft },
  ];
}

/** The KYC entry carries a red dot while the account is not verified (the one rule of contracts/verification). */
export function needsVerification(user: { isVerified: boolean; kycStatus: TKycStatus }): boolean {
  return !verificationState(user).verified;
}
