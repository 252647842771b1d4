import type { User } from '../../schema/user';
import { formatPhone } from '../../schema/phone';

/** The three demo staff accounts (README lists them). */
export const demoStaff: User[] = [
  { phone: '79000000001', name: 'Анна Админова', roles: ['admin'], isAdmin: false },
  { phone: '79000000002', name: 'Мария Менеджерова', roles: ['manager'], isAdmin: false },
  { phone: '79000000003', name: 'Ольга Флористова', roles: ['florist'], isAdmin: false },
];

const roleNames = { admin: 'администратор', manager: 'менеджер', florist: 'флорист' } as const;
export const demoStaffList = demoStaff.map((u) => `${formatPhone(u.phone)} — ${roleNames[u.roles[0]]}`);
