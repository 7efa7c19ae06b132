import type { TMessageKey } from '@meridian/contracts/messages';
import type { TDepositMethod, TWithdrawalMethod } from '@meridian/contracts/methods';
import { adminKeys } from '@/lib/admin-query-keys';

export type TMethodKind = 'deposit' | 'withdrawal';

/** A deposit method, or a withdrawal method (which has no payment address `value`). */
export type TMethod = TWithdrawalMethod & Partial<Pick<TDepositMethod, 'value'>>;

/** What differs between the two kinds of method: paths, answer fields, keys and messages. */
export const METHOD_KINDS = {
  deposit: {
    apiPath: '/depositmethod',
    listField: 'depositMethods',
    answerField: 'depositMethod',
    listRoute: '/admin/depositmethods',
    detailRoute: (id: string) => `/admin/depositmethod/${encodeURIComponent(id)}`,
    listKey: adminKeys.depositMethods,
    detailKey: adminKeys.depositMethod,
    hasValue: true,
    created: 'money.depositMethodCreated',
    updated: 'money.depositMethodUpdated',
    deleted: 'money.depositMethodDeleted',
  },
  withdrawal: {
    apiPath: '/withdrawalmethod',
    listField: 'withdrawalMethods',
    answerField: 'withdrawalMethod',
    listRoute: '/admin/withdrawalmethods',
    detailRoute: (id: string) => `/admin/withdrawalmethod/${encodeURIComponent(id)}`,
    listKey: adminKeys.withdrawalMethods,
    detailKey: adminKeys.withdrawalMethod,
    hasValue: false,
    created: 'money.withdrawalMethodCreated',
    updated: 'money.withdrawalMethodUpdated',
    deleted: 'money.withdrawalMethodDeleted',
  },
} as const satisfies Record<
  TMethodKind,
  { created: TMessageKey; updated: TMessageKey; deleted: TMessageKey; [key: string]: unknown }
>;
