import { ZUserIdParams } from '../auth.ts';
import {
  type TAlertKind,
  ZAlertOnInput,
  ZClientUpdateBody,
  ZClientUpdateResponse,
  ZWithdrawalPermissionInput,
} from '../client-actions.ts';
import { COMMON_ERRORS, defineEndpoint, type TEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZIdParams } from '../methods.ts';

/**
 * The admin's account controls on the client detail page (activate, verify, withdrawal permission,
 * the three dashboard alerts) and the client update that the client's own profile page uses too.
 * Each target must be an open Client account (404 otherwise); each admin change is audited.
 */
const tag = 'client account';
const FORM = ['json', 'urlencoded', 'multipart'] as const;
const errors = [...COMMON_ERRORS, 404, 409] as const;

export const activateClient = defineEndpoint({
  method: 'POST',
  path: '/user/activate/:id',
  tag,
  summary: 'Activate: the client may sign in again',
  params: ZIdParams,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const deactivateClient = defineEndpoint({
  method: 'POST',
  path: '/user/deactivate/:id',
  tag,
  summary: 'Deactivate: the client is signed out everywhere and cannot sign in',
  params: ZIdParams,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const verifyClient = defineEndpoint({
  method: 'POST',
  path: '/client/verify/:id',
  tag,
  summary: 'Verify the client',
  params: ZIdParams,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const unverifyClient = defineEndpoint({
  method: 'POST',
  path: '/client/unverify/:id',
  tag,
  summary: 'Cancel the client’s verification',
  params: ZIdParams,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const turnMaintenanceAlertOn = defineEndpoint({
  method: 'POST',
  path: '/client/onmain/:id',
  tag,
  summary: 'Turn the client’s maintenance banner on, with its text (may be empty)',
  params: ZIdParams,
  body: ZAlertOnInput,
  encodings: FORM,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const turnMaintenanceAlertOff = defineEndpoint({
  method: 'POST',
  path: '/client/offmain/:id',
  tag,
  summary: 'Turn the client’s maintenance banner off',
  params: ZIdParams,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const turnSecurityAlertOn = defineEndpoint({
  method: 'POST',
  path: '/client/onsec/:id',
  tag,
  summary: 'Turn the client’s security banner on, with its text (may be empty)',
  params: ZIdParams,
  body: ZAlertOnInput,
  encodings: FORM,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const turnSecurityAlertOff = defineEndpoint({
  method: 'POST',
  path: '/client/offsec/:id',
  tag,
  summary: 'Turn the client’s security banner off',
  params: ZIdParams,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const turnPlanUpgradeAlertOn = defineEndpoint({
  method: 'POST',
  path: '/client/onplan/:id',
  tag,
  summary: 'Turn the client’s planUpgrade banner on, with its text (may be empty)',
  params: ZIdParams,
  body: ZAlertOnInput,
  encodings: FORM,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const turnPlanUpgradeAlertOff = defineEndpoint({
  method: 'POST',
  path: '/client/offplan/:id',
  tag,
  summary: 'Turn the client’s planUpgrade banner off',
  params: ZIdParams,
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

/** Each alert's two endpoints: turning it on (with its text) and off. */
export const ALERT_ENDPOINTS = {
  maintenance: { on: turnMaintenanceAlertOn, off: turnMaintenanceAlertOff },
  security: { on: turnSecurityAlertOn, off: turnSecurityAlertOff },
  planUpgrade: { on: turnPlanUpgradeAlertOn, off: turnPlanUpgradeAlertOff },
} as const satisfies Record<TAlertKind, { on: TEndpoint; off: TEndpoint }>;

export const setWithdrawalPermission = defineEndpoint({
  method: 'POST',
  path: '/client/withdrawals/:id',
  tag,
  summary: 'Enable or disable the client’s withdrawals',
  params: ZIdParams,
  body: ZWithdrawalPermissionInput,
  encodings: ['json'],
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});

export const updateClient = defineEndpoint({
  method: 'PUT',
  path: '/client/:userId',
  tag,
  summary: 'Update a client’s details (the client themself or an admin)',
  params: ZUserIdParams,
  body: ZClientUpdateBody,
  encodings: FORM,
  response: ZClientUpdateResponse,
  errors,
  permission: 'clients.manage',
});
