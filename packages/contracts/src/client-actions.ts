import { z } from 'zod';
import { ZPhone, ZRegisterInput, ZUser, ZUsername } from './auth.ts';
import { optionalText, requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/**
 * The admin's account controls on the client detail page (withdrawal permission, alert banners)
 * and the one update call that both the admin's Update Info dialog
 * and the client's own Update Profile use (PUT /api/client/:userId).
 */

/**
 * Client update (the client's Update Profile form): the registration fields and rules, without password
 * or referral code. All required; the same words as the registration form.
 */
export const ZClientUpdateInput = ZRegisterInput.pick({
  firstname: true,
  lastname: true,
  username: true,
  email: true,
  phone: true,
  country: true,
  address: true,
});
export type TClientUpdateInput = z.input<typeof ZClientUpdateInput>;

/**
 * A phone number on an update: optional (docs/deviations.md, "A client's phone number is optional
 * on an update"). Empty means none, so a client without one keeps none; a number given must be valid.
 */
export const ZOptionalPhone = optionalText(32).refine((value) => value === '' || ZPhone.safeParse(value).success, {
  error: 'validation.phoneInvalid' satisfies TMessageKey,
});

/**
 * The admin's Update Info dialog: the same shapes, in the Add client words ('Firstname is
 * required', …), with the phone optional: an admin can change the name of a client who has no
 * phone number without inventing one.
 */
export const ZAdminClientUpdateInput = ZClientUpdateInput.extend({
  firstname: requiredText('clients.firstnameRequired', 64),
  lastname: requiredText('clients.lastnameRequired', 64),
  username: requiredText('clients.usernameRequired', 30).pipe(ZUsername),
  phone: ZOptionalPhone,
  address: requiredText('clients.addressRequired', 200),
});
export type TAdminClientUpdateInput = z.input<typeof ZAdminClientUpdateInput>;

/**
 * PUT /api/client/:userId, whoever sends it (the admin's dialog or the client's own form): the
 * client update with the phone optional; a phone left out of a form is none.
 */
export const ZClientUpdateBody = ZClientUpdateInput.extend({ phone: ZOptionalPhone.default('') });

/** PUT /api/client/:userId answers the message and the client as saved. */
export const ZClientUpdateResponse = z.object({ message: z.string(), user: ZUser });
export type TClientUpdateResponse = z.infer<typeof ZClientUpdateResponse>;

/** POST /api/client/withdrawals/:id: may the client withdraw? */
export const ZWithdrawalPermissionInput = z.strictObject({
  enabled: z.boolean({ error: 'validation.enabledRequired' satisfies TMessageKey }),
});
export type TWithdrawalPermissionInput = z.input<typeof ZWithdrawalPermissionInput>;

/** The three dashboard banners an admin turns on or off per client. */
export const ALERT_KINDS = ['maintenance', 'security', 'planUpgrade'] as const;
export type TAlertKind = (typeof ALERT_KINDS)[number];

/** What the server answers when an alert is turned on or off. */
export const ALERT_MESSAGES = {
  maintenance: { on: 'clients.maintenanceOn', off: 'clients.maintenanceOff' },
  security: { on: 'clients.securityOn', off: 'clients.securityOff' },
  planUpgrade: { on: 'clients.planUpgradeOn', off: 'clients.planUpgradeOff' },
} as const satisfies Record<TAlertKind, { on: TMessageKey; off: TMessageKey }>;

/** Longest alert text the client's banner shows. */
export const ALERT_MESSAGE_MAX = 500;

/**
 * Turning an alert on: the banner's text. The form sets no rules for it: the text may be
 * empty (the banner then shows its default words), but the field is always sent, so a call that
 * lost its body is refused rather than read as "no message".
 */
export const ZAlertOnInput = z.strictObject({
  message: optionalText(ALERT_MESSAGE_MAX, {
    invalid: 'validation.alertMessageInvalid',
    tooLong: 'validation.alertMessageTooLong',
  }),
});
export type TAlertOnInput = z.input<typeof ZAlertOnInput>;
