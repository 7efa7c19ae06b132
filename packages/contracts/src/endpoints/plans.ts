import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZInvestmentPlan, ZPlanAnswer, ZPlanInput, ZPlanList, ZPlanUpdate, ZPublicPlanList } from '../investments.ts';
import { ZIdParams } from '../methods.ts';

/**
 * Investment plans: the operator's product. Signed-in clients and admins read them; admins create,
 * edit and delete them. None are seeded. Visitors read their terms on the home page.
 */
const tag = 'investment plans';
const FORM = ['json', 'urlencoded', 'multipart'] as const;

export const getPlans = defineEndpoint({
  method: 'GET',
  path: '/investmentplan',
  tag,
  summary: 'Live investment plans, cheapest first',
  response: ZPlanList,
  errors: [401, 403],
});

export const getPublicPlans = defineEndpoint({
  method: 'GET',
  path: '/public/plans',
  tag,
  summary: 'Live investment plans as a visitor sees them (terms only), cheapest first',
  response: ZPublicPlanList,
  errors: [],
});

export const getPlan = defineEndpoint({
  method: 'GET',
  path: '/investmentplan/:id',
  tag,
  summary: 'One investment plan',
  params: ZIdParams,
  response: ZInvestmentPlan,
  errors: [...COMMON_ERRORS, 404],
});

export const createPlan = defineEndpoint({
  method: 'POST',
  path: '/investmentplan',
  tag,
  summary: 'Create an investment plan',
  body: ZPlanInput,
  encodings: FORM,
  response: ZPlanAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 409],
  permission: 'catalogue.manage',
});

export const updatePlan = defineEndpoint({
  method: 'PUT',
  path: '/investmentplan',
  tag,
  summary: 'Edit a plan (its id is in the body): new investments get the new terms, existing ones keep theirs',
  body: ZPlanUpdate,
  encodings: FORM,
  response: ZPlanAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'catalogue.manage',
});

export const deletePlan = defineEndpoint({
  method: 'DELETE',
  path: '/investmentplan/:id',
  tag,
  summary: 'Delete a plan nobody has invested in (one with investments is kept)',
  params: ZIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'catalogue.manage',
});
