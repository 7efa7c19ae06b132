import { transferReferenceProblem } from '@meridian/contracts/transfer-reference';
import { walletAddressProblem } from '@meridian/contracts/wallet-address';
import type { z } from 'zod';

/**
 * The server's rules for a transfer's hash or reference and a sending address on the network a
 * method's name implies (contracts/transfer-reference.ts, wallet-address.ts), as form issues: a form
 * says what the server would refuse before sending. An empty value is the schema's own business
 * (optional, or its "required" message).
 */
export function addTransferIssues(
  methodName: string | null | undefined,
  value: { reference?: unknown; senderAddress?: unknown },
  ctx: z.RefinementCtx,
): void {
  const reference = typeof value.reference === 'string' ? value.reference.trim() : '';
  const referenceProblem = reference ? transferReferenceProblem(methodName, reference) : null;
  if (referenceProblem) ctx.addIssue({ code: 'custom', path: ['reference'], message: referenceProblem });
  const sender = typeof value.senderAddress === 'string' ? value.senderAddress.trim() : '';
  const senderProblem = sender ? walletAddressProblem(methodName, sender) : null;
  if (senderProblem) ctx.addIssue({ code: 'custom', path: ['senderAddress'], message: senderProblem });
}
