import {
  addWithdrawalAddress,
  getWithdrawalAddresses,
  removeWithdrawalAddress,
} from '@meridian/contracts/endpoints/address-book';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as book from '../../modules/money/address-book/index.ts';
import { formatMailTime } from '../../modules/money/address-book/index.ts';
import { mailLanguage } from '../../modules/platform/mail/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * The withdrawal address book (docs/security.md): adding and removing are the client's own (admins
 * get 403); the list is the client's, or any client's for an admin.
 */
export const addressBookClientRoutes: FastifyPluginAsync = async (app) => {
  const own = { config: { callers: ['Client'] as const } };
  const settings: book.TAddressBookSettings = {
    delayHours: app.config.WITHDRAWAL_ADDRESS_DELAY_HOURS,
    oneOffAllowed: app.config.WITHDRAWAL_ONE_OFF_ADDRESSES,
  };
  route(app, getWithdrawalAddresses, (request) =>
    book.listWithdrawalAddresses(app.db, settings, request.params.userId),
  );
  route(
    app,
    addWithdrawalAddress,
    async (request) => {
      const address = await book.addWithdrawalAddress(app.db, app.mail, settings, callerOf(request), request.body, {
        language: mailLanguage(request.body.lang, request.headers['accept-language']),
        // The site's own address from configuration, never the Host the request carried.
        origin: app.config.PUBLIC_URL,
      });
      return {
        message: messageText('address-book.addressSaved', {
          activeFrom: formatMailTime(new Date(address.activeFrom), 'en'),
        }),
        address,
      };
    },
    own,
  );
  route(
    app,
    removeWithdrawalAddress,
    async (request) => {
      await book.removeWithdrawalAddress(app.db, callerOf(request), request.params.id);
      return { message: messageText('address-book.addressRemoved') };
    },
    own,
  );
};
