import { perDocument, type BatchPushRule } from './push-rule';
import { officeBatchRule } from '../records/office-push-rule';
import { eventsRule } from './events-rule';

/**
 * The rule of every database that devices push to, by name. A database that `dbAccess` makes writable but that has
 * no rule here accepts nothing: each document is refused, never a 500.
 */
export const pushRules: Record<string, BatchPushRule> = { events: perDocument(eventsRule), office: officeBatchRule };

export const pushRuleOf = (db: string): BatchPushRule | null => (Object.hasOwn(pushRules, db) ? pushRules[db] : null);
