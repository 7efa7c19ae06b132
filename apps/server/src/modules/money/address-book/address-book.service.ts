import {
  addressState,
  type TWithdrawalAddress,
  type TWithdrawalAddressInput,
  type TWithdrawalAddressList,
} from '@meridian/contracts/address-book';
import type { TLanguage } from '@meridian/contracts/constants';
import { walletAddressProblem } from '@meridian/contracts/wallet-address';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { findWithdrawalMethod, methodNotFound } from '../methods/index.ts';
import { addressAddedMail, formatMailTime } from './address-book.mail.ts';
import {
  findAddress,
  findOwner,
  insertAddress,
  listLiveAddresses,
  lockLiveAddress,
  markAddressRemoved,
  type TAddressRow,
} from './address-book.repository.ts';

/**
 * The withdrawal address book (docs/security.md, "Withdrawal address book"). A client saves
 * addresses per withdrawal method; a new one can receive withdrawals only `delayHours` after it was
 * saved, and the client is emailed at once, so a thief who got into the account cannot add an
 * address and withdraw to it before the owner can react. Removing is immediate. Unless the operator
 * allows one-off addresses, a withdrawal must go to an active saved address of its method.
 */

/** The operator's settings (WITHDRAWAL_ADDRESS_DELAY_HOURS, WITHDRAWAL_ONE_OFF_ADDRESSES). */
export interface TAddressBookSettings {
  delayHours: number;
  oneOffAllowed: boolean;
}

export function toApiAddress(row: TAddressRow): TWithdrawalAddress {
  return {
    id: row.id,
    methodId: row.methodId,
    methodName: row.methodName,
    address: row.address,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    activeFrom: row.activeFrom.toISOString(),
    state: row.active ? 'active' : addressState(row.activeFrom),
  };
}

/** A client's live addresses, newest first (the client's own, or any client's for an admin). */
export async function listWithdrawalAddresses(
  db: Db,
  settings: TAddressBookSettings,
  userId: string,
): Promise<TWithdrawalAddressList> {
  const owner = await findOwner(db, userId);
  if (owner?.type !== 'Client') throw notFound();
  const rows = await listLiveAddresses(db, userId);
  return {
    addresses: rows.map(toApiAddress),
    delayHours: settings.delayHours,
    oneOffAllowed: settings.oneOffAllowed,
  };
}

/**
 * Saves an address for the calling client: the method must exist, the address must be one a
 * withdrawal of that method accepts, and it must not be live in their book for that method already.
 * The email is written with the address, in one transaction: no address waits out its delay without
 * its owner's email being on its way.
 */
export async function addWithdrawalAddress(
  db: Db,
  mail: Mailer,
  settings: TAddressBookSettings,
  caller: TCaller,
  input: TWithdrawalAddressInput,
  context: { language: TLanguage; origin: string },
): Promise<TWithdrawalAddress> {
  const owner = await findOwner(db, caller.id);
  if (owner?.type !== 'Client') throw notFound();
  const method = await findWithdrawalMethod(db, input.methodId);
  if (!method) throw methodNotFound();
  const problem = walletAddressProblem(method.name, input.address);
  if (problem) throw AppError.field('address', problem);
  const address = input.address.trim();
  const label = (input.label ?? '').trim();

  const row = await db.transaction(async (tx) => {
    const saved = await insertAddress(tx, {
      userId: caller.id,
      methodId: method.id,
      address,
      label,
      delaySeconds: Math.round(settings.delayHours * 3600),
    });
    if (!saved) {
      throw new AppError('CONFLICT', 'address-book.addressDuplicate', {}, { field: 'address' });
    }
    const row = await findAddress(tx, saved.id);
    if (!row) throw new Error(`withdrawal address ${saved.id} vanished inside its own transaction`);
    await mail.queue(
      tx,
      addressAddedMail(owner.email, context.language, {
        method: method.name,
        address,
        label,
        activeFrom: row.activeFrom,
        activeNow: row.active,
        link: `${context.origin.replace(/\/+$/, '')}/user/withdrawal-addresses`,
      }),
    );
    return row;
  });

  return toApiAddress(row);
}

/** Removes one of the calling client's live addresses, at once; another's or a removed one is 404. */
export async function removeWithdrawalAddress(db: Db, caller: TCaller, id: string): Promise<void> {
  if (!(await markAddressRemoved(db, caller.id, id))) throw notFound();
}

/**
 * Inside a withdrawal's transaction: the address must be an active saved address of the method for
 * the client, unless one-off addresses are allowed. The saved entry stays locked FOR SHARE until the
 * withdrawal commits, so a removal racing the withdrawal is ordered before it (refused) or after it.
 */
export async function assertAddressUsable(
  tx: Tx,
  oneOffAllowed: boolean,
  userId: string,
  methodId: string,
  address: string,
): Promise<void> {
  if (oneOffAllowed) return;
  const saved = await lockLiveAddress(tx, userId, methodId, address);
  if (!saved) {
    throw AppError.refused('address-book.addressNotSaved', {}, { field: 'address' });
  }
  if (!saved.active) {
    throw AppError.refused(
      'address-book.addressNotActiveYet',
      { activeFrom: formatMailTime(saved.activeFrom, 'en') },
      { field: 'address' },
    );
  }
}
