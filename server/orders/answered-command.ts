import type { CommandOutcome } from '../../schema/studio/orders/order-command';

/**
 * What of an order command stays in the office database once it is answered (issue 18, item 5). Every staff device
 * pulls the office database whole, so a photo's bytes (up to 1.5 MB) leave the record with the answer, whatever it
 * is: an applied photo keeps the address it is served at, a refused one keeps nothing (its reason is in the outcome).
 * Other commands are small (their shapes are bounded) and stay as sent.
 */
export const answeredAction = (action: Record<string, unknown>, outcome: CommandOutcome): Record<string, unknown> => {
  if (action.kind !== 'photo') return action;
  return { ...action, image: outcome.ok && outcome.note ? outcome.note : '' };
};

/** Whether an answered command still carries what `answeredAction` leaves out (answered before the rule, or by an older server). */
export const needsSlimming = (action: Record<string, unknown>, outcome: CommandOutcome): boolean =>
  JSON.stringify(answeredAction(action, outcome)) !== JSON.stringify(action);
