import type { TEndpoint } from '@meridian/contracts/endpoint';
import * as addressBook from '@meridian/contracts/endpoints/address-book';
import * as adjustments from '@meridian/contracts/endpoints/adjustments';
import * as alerts from '@meridian/contracts/endpoints/alerts';
import * as approvals from '@meridian/contracts/endpoints/approvals';
import * as audit from '@meridian/contracts/endpoints/audit';
import * as auth from '@meridian/contracts/endpoints/auth';
import * as balances from '@meridian/contracts/endpoints/balances';
import * as chainDeposits from '@meridian/contracts/endpoints/chain-deposits';
import * as chainPayouts from '@meridian/contracts/endpoints/chain-payouts';
import * as clientActions from '@meridian/contracts/endpoints/client-actions';
import * as clients from '@meridian/contracts/endpoints/clients';
import * as content from '@meridian/contracts/endpoints/content';
import * as deposits from '@meridian/contracts/endpoints/deposits';
import * as emailVerification from '@meridian/contracts/endpoints/email-verification';
import * as health from '@meridian/contracts/endpoints/health';
import * as investments from '@meridian/contracts/endpoints/investments';
import * as kyc from '@meridian/contracts/endpoints/kyc';
import * as ledger from '@meridian/contracts/endpoints/ledger';
import * as live from '@meridian/contracts/endpoints/live';
import * as market from '@meridian/contracts/endpoints/market';
import * as methods from '@meridian/contracts/endpoints/methods';
import * as news from '@meridian/contracts/endpoints/news';
import * as notifications from '@meridian/contracts/endpoints/notifications';
import * as orders from '@meridian/contracts/endpoints/orders';
import * as passkeys from '@meridian/contracts/endpoints/passkeys';
import * as payouts from '@meridian/contracts/endpoints/payouts';
import * as plans from '@meridian/contracts/endpoints/plans';
import * as positions from '@meridian/contracts/endpoints/positions';
import * as profile from '@meridian/contracts/endpoints/profile';
import * as recovery from '@meridian/contracts/endpoints/recovery';
import * as reserves from '@meridian/contracts/endpoints/reserves';
import * as sessions from '@meridian/contracts/endpoints/sessions';
import * as signals from '@meridian/contracts/endpoints/signals';
import * as staff from '@meridian/contracts/endpoints/staff';
import * as statements from '@meridian/contracts/endpoints/statements';
import * as support from '@meridian/contracts/endpoints/support';
import * as transactions from '@meridian/contracts/endpoints/transactions';
import * as twoFactor from '@meridian/contracts/endpoints/two-factor';
import * as upgrades from '@meridian/contracts/endpoints/upgrades';
import * as watchlist from '@meridian/contracts/endpoints/watchlist';
import * as withdrawals from '@meridian/contracts/endpoints/withdrawals';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API description (`/api/docs/json`) drawn from the endpoint definitions: each operation is
 * named after the definition's export (`createDeposit`), which is the name the web app calls it by,
 * and a file, image or stream answer is described by its media types (docs/architecture.md,
 * "Endpoints"). `npx redocly lint` checks the result (apps/server/test/openapi-lint.test.ts).
 */

// Every module of endpoint definitions: a definition of a module missing here makes its route
// refuse to be described (endpointName), so every test that builds the app catches it.
const MODULES: readonly Record<string, unknown>[] = [
  addressBook,
  adjustments,
  alerts,
  approvals,
  audit,
  auth,
  balances,
  chainDeposits,
  chainPayouts,
  clientActions,
  clients,
  content,
  deposits,
  emailVerification,
  health,
  investments,
  kyc,
  ledger,
  live,
  market,
  methods,
  news,
  notifications,
  orders,
  passkeys,
  payouts,
  plans,
  positions,
  profile,
  recovery,
  reserves,
  sessions,
  signals,
  staff,
  statements,
  support,
  transactions,
  twoFactor,
  upgrades,
  watchlist,
  withdrawals,
];

const NAMES = new Map<unknown, string>();
for (const module of MODULES) {
  for (const [name, value] of Object.entries(module)) {
    // The first name wins: an alias (a record of endpoints) is not an operation of its own.
    if (isEndpoint(value) && !NAMES.has(value)) NAMES.set(value, name);
  }
}

function isEndpoint(value: unknown): value is TEndpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'errors' in value;
}

/** The name a definition is exported under, which is its operationId. */
export function endpointName(endpoint: TEndpoint): string {
  const name = NAMES.get(endpoint);
  if (!name) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: its definition's module is not listed in apps/server/src/routes/openapi.ts`,
    );
  }
  return name;
}

const BODIES = {
  image: { type: 'string', format: 'binary', description: 'The image' },
  'event-stream': { type: 'string', description: 'Server-Sent Events, until the client disconnects' },
  text: { type: 'string', description: 'Plain text' },
  file: { type: 'string', format: 'binary', description: 'The file, sent as an attachment' },
} as const;

/** @fastify/swagger's `transform`: the zod schemas as JSON Schema, plus the operation's name and answer. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const endpoint = input.route.config?.endpoint;
  if (!endpoint) return result;
  const schema: FastifySchema & { operationId?: string } = { ...result.schema, operationId: endpointName(endpoint) };
  // A file, image or stream has no JSON schema to validate it: describe its success answer here.
  if (endpoint.produces && !endpoint.response) {
    const response = (schema.response ?? {}) as Record<string, unknown>;
    schema.response = { ...response, [endpoint.status ?? 200]: BODIES[endpoint.produces] };
  }
  return { ...result, schema };
};
