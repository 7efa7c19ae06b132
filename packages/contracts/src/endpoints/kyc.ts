import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import {
  ZKyc,
  ZKycApproveInput,
  ZKycList,
  ZKycListQuery,
  ZKycParams,
  ZKycPendingQuery,
  ZKycRejectInput,
  ZKycStatusAnswer,
  ZKycSubmitBody,
} from '../kyc.ts';

/**
 * KYC: a client submits their identity document and a selfie and reads their status; admins list
 * and decide the submissions. Images go only to their owner and to admins.
 */
const tag = 'kyc';

export const submitKyc = defineEndpoint({
  method: 'POST',
  path: '/kyc/submit/:userId',
  tag,
  summary:
    'Submit KYC: text fields plus documentImage and selfieImage; on a resubmission a left-out image is the previous one (the client themself only)',
  params: ZUserIdParams,
  body: ZKycSubmitBody,
  encodings: ['multipart'],
  response: ZMessage,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 409, 413],
});

export const getKycStatus = defineEndpoint({
  method: 'GET',
  path: '/kyc/user/:userId',
  tag,
  summary: "A user's KYC status and latest submission (self or admin)",
  params: ZUserIdParams,
  response: ZKycStatusAnswer,
  errors: [...COMMON_ERRORS, 404],
});

export const getPendingKyc = defineEndpoint({
  method: 'GET',
  path: '/kyc/pending',
  tag,
  summary: 'Pending KYC submissions, newest first (admin)',
  query: ZKycPendingQuery,
  response: ZKycList,
  errors: [...COMMON_ERRORS, 404],
  permission: 'kyc.review',
});

export const getAllKyc = defineEndpoint({
  method: 'GET',
  path: '/kyc/all',
  tag,
  summary: 'All KYC submissions, or those of one status, newest first (admin)',
  query: ZKycListQuery,
  response: ZKycList,
  errors: [...COMMON_ERRORS, 404],
  permission: 'kyc.review',
});

export const getKyc = defineEndpoint({
  method: 'GET',
  path: '/kyc/:kycId',
  tag,
  summary: 'One KYC submission (its owner or an admin)',
  params: ZKycParams,
  response: ZKyc,
  errors: [...COMMON_ERRORS, 404],
});

export const getKycDocumentImage = defineEndpoint({
  method: 'GET',
  path: '/kyc/:kycId/document-image',
  tag,
  summary: 'The document image of a KYC submission (its owner or an admin)',
  params: ZKycParams,
  produces: 'image',
  errors: [...COMMON_ERRORS, 404],
});

export const getKycSelfieImage = defineEndpoint({
  method: 'GET',
  path: '/kyc/:kycId/selfie-image',
  tag,
  summary: 'The selfie image of a KYC submission (its owner or an admin)',
  params: ZKycParams,
  produces: 'image',
  errors: [...COMMON_ERRORS, 404],
});

/** A submission's two images, by which one. */
export const KYC_IMAGE_ENDPOINTS = { document: getKycDocumentImage, selfie: getKycSelfieImage } as const;

export const approveKyc = defineEndpoint({
  method: 'PUT',
  path: '/kyc/approve/:kycId',
  tag,
  summary: 'Approve a pending KYC submission; notes optional (admin)',
  params: ZKycParams,
  body: ZKycApproveInput,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'kyc.review',
});

export const rejectKyc = defineEndpoint({
  method: 'PUT',
  path: '/kyc/reject/:kycId',
  tag,
  summary: 'Reject a pending KYC submission; the reason is required (admin)',
  params: ZKycParams,
  body: ZKycRejectInput,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'kyc.review',
});
