import { formatPhone } from '../../shared/phone';

/**
 * A corporate client on credit (a contractor «Работает в кредит», schema/entities/contractor.ts): the orders placed
 * from any of its phones (its office manager's, its secretary's, its director's) are owed by it, each due
 * `creditDays` after its delivery day (schema/studio/clients/debts.ts).
 */
export interface CreditClient {
  id: string;
  name: string;
  phones: readonly string[];
  creditDays: number;
}

/**
 * Which corporate client on credit each phone's orders belong to. One phone, one client: saving a second contractor
 * on credit with a phone the first has is refused (`creditPhoneIssue`); should two still hold one (two servers saving
 * at the same instant, or a record stored before the rule), the first by name takes it, the same on every server.
 */
export const creditClientsByPhone = (clients: Iterable<CreditClient>): Map<string, CreditClient> => {
  const byPhone = new Map<string, CreditClient>();
  for (const c of [...clients].sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.id.localeCompare(b.id)))
    for (const p of c.phones) if (!byPhone.has(p)) byPhone.set(p, c);
  return byPhone;
};

/** A contractor as the phone rule reads it: its record id, name, whether it works on credit and its phones. */
export interface PhoneHolder {
  id: string;
  name: string;
  credit: boolean;
  phones: readonly string[];
}

/**
 * Why a contractor may not be stored with its phones, or undefined: on credit, a phone of it that another contractor
 * on credit already has («Телефон +7 (900) 555-44-33 уже указан у контрагента в кредит «ООО «Ромашка»»…»). A phone
 * the stored record (`before`) already held on credit stays, as a reference code the record held stays: an edit of
 * its note is not refused for a clash it did not make.
 */
export const creditPhoneIssue = (holder: PhoneHolder, others: Iterable<PhoneHolder>, before?: PhoneHolder | null): string | undefined => {
  if (!holder.credit) return undefined;
  const held = new Set(before?.credit ? before.phones : []);
  const rivals = [...others].filter((o) => o.id !== holder.id && o.credit);
  for (const p of holder.phones) {
    if (held.has(p)) continue;
    const rival = rivals.find((o) => o.phones.includes(p));
    if (rival) return `Телефон ${formatPhone(p)} уже указан у контрагента в кредит «${rival.name}»: заказы с одного телефона записываются на одного клиента. Уберите телефон у одного из них`;
  }
  return undefined;
};
