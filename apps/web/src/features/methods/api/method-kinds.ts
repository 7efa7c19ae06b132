import type { TMessageKey } from '@meridian/contracts/messages';
import type { TDepositMethod, TWithdrawalMethod } from '@meridian/contracts/methods';
import { queryKeys } from '@/lib/query-keys';

export type TMethodKind = 'deposit' | 'withdrawal';

/** A deposit method, or a withdrawal method (which has no payment address `value`). */
export type TMethod = TWithdrawalMethod & Partial<Pick<TDepositMethod, 'value'>>;

/** What differs between the two kinds of method: pages, cache keys and messages (the calls are in ./get-methods and the like). */
export const METHOD_KINDS = {
  deposit: {
    listRoute: '/admin/depositmethods',
    detailRoute: (id: string) => `/admin/depositmethod/${encodeURIComponent(id)}`,
    listKey: queryKeys.depositMethods,
    detailKey: (id: string) => [...queryKeys.depositMethods(), id] as const,
    hasValue: true,
    created: 'methods.depositMethodCreated',
    updated: 'methods.depositMethodUpdated',
    deleted: 'methods.depositMethodDeleted',
  },
  withdrawal: {
    listRoute: '/admin/withdrawalmethods',
    detailRoute: (id: string) => `/admin/withdrawalmethod/${encodeURIComponent(id)}`,
    listKey: queryKeys.withdrawalMethods,
    detailKey: (id: string) => [...queryKeys.withdrawalMethods(), id] as const,
    hasValue: false,
    created: 'methods.withdrawalMethodCreated',
    updated: 'methods.withdrawalMethodUpdated',
    deleted: 'methods.withdrawalMethodDeleted',
  },
} as const satisfies Record<
  TMethodKind,
  { created: TMessageKey; updated: TMessageKey; deleted: TMessageKey; [key: string]: unknown }
>;
