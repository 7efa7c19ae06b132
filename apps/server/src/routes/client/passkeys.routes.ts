import {
  listPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '@meridian/contracts/endpoints/passkeys';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as passkeys from '../../modules/identity/passkeys/index.ts';
import { relyingPartyOf } from '../../modules/identity/passkeys/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * The caller's own passkeys (docs/security.md, "Passkeys"): clients and admins register, list,
 * rename and remove theirs; another person's passkey answers 404.
 */
export const passkeysClientRoutes: FastifyPluginAsync = async (app) => {
  // From configuration only, never from the request (modules/identity/passkeys/relying-party.ts).
  const rp = relyingPartyOf(app.config, app.content.file.brand.name);

  route(app, listPasskeys, (request) => passkeys.listPasskeys(app.db, callerOf(request)));

  route(app, passkeyRegistrationOptions, (request) => passkeys.registrationOptions(app.db, callerOf(request), rp));

  route(app, registerPasskey, async (request) => ({
    message: messageText('passkeys.added'),
    passkey: await passkeys.registerPasskey(app.db, callerOf(request), request.body, rp),
  }));

  route(app, renamePasskey, async (request) => ({
    message: messageText('passkeys.renamed'),
    passkey: await passkeys.renamePasskey(app.db, callerOf(request), request.params.id, request.body.name),
  }));

  route(app, removePasskey, async (request) => {
    await passkeys.removePasskey(app.db, callerOf(request), request.params.id);
    return { message: messageText('passkeys.removed') };
  });
};
