import { lastAdminIssue, staffChange, staffStateOf, type StaffChange, type StaffPerson, type StaffSaveRequest, type StaffState } from '../../schema/studio/team/staff';
import { isAdmin, isStaff, user as userSchema, type User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { claim, shortWrites } from '../db/claim';
import { getDoc, stripMeta, upsert } from '../db/docs';
import { HttpError, forbidden, notFound } from '../http/errors';

const changeId = (n: number) => `change:${String(n).padStart(10, '0')}`;
const signedInId = (phone: string) => `signed-in:${phone}`;
/** A store that never answers 201 fails the change rather than loop. */
const maxTries = 50;

const sameState = (a: StaffState, b: StaffState) => a.name === b.name && a.roles.join() === b.roles.join();

/**
 * The studio's staff (issue 20, item 3; DECISIONS.md «Staff»). Roles live in the user records (`users`); every change
 * goes through a log in the server-only `staff` database, one numbered fact per change (`change:{n}`), claimed first
 * writer wins (server/db/claim.ts). A change is checked against the staff as the last fact left them, and stored
 * only if it wins the next number: two admins demoting each other at once from two app servers cannot both pass the
 * last-admin rule, the loser reads the winner's change and is checked again. The user record follows its fact; a
 * fact whose user record was not yet written (a crash between) is finished by the next change.
 */
export const staffService = (shop: Shop) => {
  const log = shop.storage.db('staff');
  const usersDb = shop.storage.db('users');

  const head = async (): Promise<StaffChange | null> => {
    const { rows } = await log.allDocs({ startkey: 'change:\ufff0', endkey: 'change:', descending: true, limit: 1, include_docs: true });
    const parsed = staffChange.safeParse(rows[0]?.doc ? stripMeta(rows[0].doc) : null);
    return parsed.success ? parsed.data : null;
  };

  const readUser = async (phone: string): Promise<User | null> => {
    const doc = await getDoc<User>(usersDb, phone);
    return doc ? userSchema.parse(stripMeta(doc)) : null;
  };

  /** Brings a user record to what the fact says, if it still is as the fact found it; a removal ends their sessions first. */
  const follow = async (fact: StaffChange): Promise<void> => {
    const now = staffStateOf(await readUser(fact.phone));
    if (!sameState(now, fact.before)) return;
    if (fact.action === 'remove') await shop.sessions.endAllOf(fact.phone);
    await upsert<User>(usersDb, fact.phone, (c) => {
      const current = c ? userSchema.parse(stripMeta(c)) : userSchema.parse({ phone: fact.phone });
      return sameState(staffStateOf(current), fact.before) ? { ...current, name: fact.after.name, roles: fact.after.roles, isAdmin: false } : null;
    });
    shop.users.forget(fact.phone);
  };

  /**
   * Stores one change made by `actor`: `decide` answers the state the person should have (or throws the reason it
   * may not be), from the staff as they are after every earlier change.
   */
  const change = async (actor: User, phone: string, action: StaffChange['action'], decide: (current: User | null, people: User[]) => StaffState): Promise<StaffChange> => {
    const count = shortWrites();
    for (let tries = 0; tries < maxTries; tries++) {
      const last = await head();
      if (last) await follow(last);
      const people = await shop.users.list();
      const me = people.find((u) => u.phone === actor.phone);
      if (!isAdmin(me)) throw forbidden('Менять состав сотрудников может только администратор');
      const current = people.find((u) => u.phone === phone) ?? null;
      const before = staffStateOf(current);
      const after = decide(current, people);
      const issue = lastAdminIssue(people, phone, after.roles);
      if (issue) throw new HttpError(409, issue);
      const fact: StaffChange = { n: (last?.n ?? 0) + 1, at: Date.now(), by: actor.phone, byName: me?.name ?? '', phone, action, before, after };
      if (await claim(log, changeId(fact.n), fact, count)) {
        await follow(fact);
        return fact;
      }
    }
    throw new Error(`staff change of ${phone}: no claim won in ${maxTries} tries`);
  };

  return {
    /** Everyone who has a staff role, with when they last signed in. */
    async people(): Promise<StaffPerson[]> {
      const staff = (await shop.users.list()).filter(isStaff);
      const { rows } = await log.allDocs<{ at: number }>({ keys: staff.map((u) => signedInId(u.phone)), include_docs: true });
      const at = new Map(rows.flatMap((r) => ('doc' in r && r.doc ? [[r.id, r.doc.at] as const] : [])));
      return staff
        .map((u) => ({ phone: u.phone, name: u.name, roles: staffStateOf(u).roles, ...(at.has(signedInId(u.phone)) ? { signedInAt: at.get(signedInId(u.phone)) } : {}) }))
        .sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.phone.localeCompare(b.phone));
    },

    /** Adds a person (`add`) or changes a staff member's name and roles. */
    save: (actor: User, { phone, name, roles, add }: StaffSaveRequest) =>
      change(actor, phone, add ? 'add' : 'change', (current) => {
        if (add && isStaff(current)) throw new HttpError(409, `Сотрудник с этим телефоном уже есть${current?.name ? `: ${current.name}` : ''}`);
        if (!add && !isStaff(current)) throw notFound('Такого сотрудника нет: добавьте его');
        const after = { name, roles };
        if (!add && current && sameState(staffStateOf(current), after)) throw new HttpError(409, 'Ничего не изменилось');
        return after;
      }),

    /** Takes every role away (they stay a customer, as anyone who signs in) and ends their sessions on every device. */
    remove: (actor: User, phone: string) =>
      change(actor, phone, 'remove', (current) => {
        if (!isStaff(current)) throw notFound('Такого сотрудника нет');
        return { name: current?.name ?? '', roles: [] };
      }),

    /** The log, newest first. */
    async changes(skip: number, limit: number): Promise<{ items: StaffChange[]; total: number }> {
      const last = await head();
      const total = last?.n ?? 0;
      const { rows } = await log.allDocs({ startkey: 'change:\ufff0', endkey: 'change:', descending: true, skip, limit, include_docs: true });
      const items = rows.flatMap((r) => {
        const parsed = staffChange.safeParse(r.doc ? stripMeta(r.doc) : null);
        return parsed.success ? [parsed.data] : [];
      });
      return { items, total };
    },

  };
};

/** Records a staff member's sign-in, for «last signed in» on /admin/staff (customers' are not kept). */
export const recordSignIn = async (shop: Shop, u: User): Promise<void> => {
  if (!isStaff(u)) return;
  const at = Date.now();
  await upsert<{ at: number }>(shop.storage.db('staff'), signedInId(u.phone), (c) => (c && c.at >= at ? null : { at }));
};
