import {
  ZContentQuery,
  ZLegalDocument,
  ZLegalDocumentParams,
  ZPublicActivity,
  ZPublicContent,
  ZPublicStats,
} from '../content.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * What the public site says about the platform: the operator content file in one language, figures
 * computed from the database, and real anonymised recent activity.
 */
const tag = 'content';

export const getContent = defineEndpoint({
  method: 'GET',
  path: '/content',
  tag,
  summary: 'Operator content (brand, copy, team, testimonials, rating with its source) in one language',
  query: ZContentQuery,
  response: ZPublicContent,
  errors: [400],
});

export const getLegalDocument = defineEndpoint({
  method: 'GET',
  path: '/content/legal/:document',
  tag,
  summary: 'The terms or the risk disclosure (operator content) in one language, with the version a sign-up records',
  params: ZLegalDocumentParams,
  query: ZContentQuery,
  response: ZLegalDocument,
  errors: [400],
});

export const getPublicStats = defineEndpoint({
  method: 'GET',
  path: '/public/stats',
  tag,
  summary: 'Computed platform figures: open client accounts, countries they live in, uptime',
  response: ZPublicStats,
  errors: [],
});

export const getPublicActivity = defineEndpoint({
  method: 'GET',
  path: '/public/activity',
  tag,
  summary: 'Recent completed deposits, withdrawals and investments, anonymised (country or initial, rounded amount)',
  response: ZPublicActivity,
  errors: [],
});
