import { user, type Role, type User } from '../../schema/shared/user';
import { formatPhone } from '../../schema/shared/phone';

/** The three demo staff accounts (README lists them). Sign-in is by phone with a one-time code. */
export const demoStaff: User[] = [
  { phone: '79000000001', name: 'Анна Админова', roles: ['admin'] },
  { phone: '79000000002', name: 'Мария Менеджерова', roles: ['manager'] },
  { phone: '79000000003', name: 'Ольга Флористова', roles: ['florist'] },
].map((u) => user.parse(u));

const roleNames: Record<Role, string> = { admin: 'администратор', manager: 'менеджер', florist: 'флорист' };

/** README lines: '+7 (900) 000-00-01 — администратор'. */
export const demoStaffList: string[] = demoStaff.map((u) => `${formatPhone(u.phone)} — ${u.roles.map((r) => roleNames[r]).join(', ')}`);
