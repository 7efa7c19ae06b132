/**
 * The button of a plan's card, by the client's plan (spec, "Investment plans"): the Current Plan
 * label on their own plan, Upgrade to Plan on the others when they already have one, otherwise a
 * Continue with Plan link to the plan's page.
 */
export type TPlanAction = 'current' | 'upgrade' | 'continue';

export function planAction(planId: string, clientPlanId: string | null | undefined): TPlanAction {
  if (!clientPlanId) return 'continue';
  return planId === clientPlanId ? 'current' : 'upgrade';
}
