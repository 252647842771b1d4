import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courier } from '../../schema/entities/courier';
import { shift, shiftId } from '../../schema/entities/shift';
import { supplier } from '../../schema/entities/supplier';
import { task } from '../../schema/entities/task';
import type { OfficeRecord } from '../../schema/shared/record';
import type { User } from '../../schema/shared/user';
import { openStorage, type Storage } from '../db/storage';
import type { PushedDoc } from '../db/push-rule';
import { clockSkewMs, pushRuleFor } from './office-push-rule';
import { recordService } from './record-service';
import { tierStore } from './tier-store';

const now = 1_800_000_000_000;
const staff = (phone: string, role: 'florist' | 'manager' | 'admin'): User => ({ phone, name: '', roles: [role], isAdmin: false });
const florist = staff('79000000003', 'florist');
const manager = staff('79000000002', 'manager');

/** A write-off-like fact and a courier only managers add, made from the real courier to exercise the rule. */
const factCourier = { ...courier, write: 'fact' as const };
const managersCourier = { ...courier, access: { ...courier.access, create: 'manager' as const, update: 'manager' as const } };

const record = (over: Partial<OfficeRecord> = {}): OfficeRecord => ({
  id: 'courier-0001', type: 'courier', v: 1, title: 'Пётр', createdBy: florist.phone, createdAt: now - 1000, updatedBy: florist.phone, updatedAt: now - 1000,
  data: { name: 'Пётр', phone: '79001234567', feePerDelivery: 400, active: true, note: '' }, ...over,
});
const doc = (r: OfficeRecord, extra: Partial<PushedDoc> = {}): PushedDoc => {
  const { id, ...rest } = r;
  return { _id: id, ...rest, ...extra };
};

describe('the office push rule', () => {
  const rule = pushRuleFor({ courier, task, supplier }, () => now);
  const reason = (v: ReturnType<typeof rule>) => (v.ok ? 'принято' : v.reason);

  it('accepts the device’s own create, edit and deletion', () => {
    expect(rule(florist, doc(record()), null)).toMatchObject({ ok: true });
    const edited = record({ updatedAt: now, data: { ...record().data, name: 'Пётр Сидоров' }, title: 'Пётр Сидоров' });
    expect(rule(florist, doc(edited), doc(record()))).toMatchObject({ ok: true });
    expect(rule(manager, { _id: 'courier-0001', _rev: '1-a', _deleted: true as const }, doc(record()))).toMatchObject({ ok: true });
  });

  it('signs nothing in another person’s name and keeps who created a record and when', () => {
    expect(reason(rule(florist, doc(record({ updatedBy: manager.phone })), null))).toMatch(/подписана другим/);
    expect(reason(rule(florist, doc(record({ createdBy: manager.phone })), null))).toMatch(/подписывает тот, кто её создаёт/);
    const existing = doc(record({ createdBy: manager.phone, updatedBy: manager.phone }));
    expect(reason(rule(florist, doc(record({ createdBy: florist.phone })), existing))).toMatch(/Автора и время создания/);
    expect(reason(rule(florist, doc(record({ createdBy: manager.phone, createdAt: 5 })), existing))).toMatch(/Автора и время создания/);
    expect(rule(florist, doc(record({ createdBy: manager.phone })), existing)).toMatchObject({ ok: true });
  });

  it('believes no time ahead of the server’s clock', () => {
    expect(reason(rule(florist, doc(record({ updatedAt: now + clockSkewMs + 1 })), null))).toMatch(/Часы устройства спешат/);
    expect(rule(florist, doc(record({ updatedAt: now + clockSkewMs - 1 })), null)).toMatchObject({ ok: true });
    expect(reason(rule(florist, doc(record({ createdAt: now, updatedAt: now - 1 })), null))).toMatch(/позже/);
  });

  it('asks can() for creating, editing and deleting, by the stored record', () => {
    const strict = pushRuleFor({ courier: managersCourier, task, supplier }, () => now);
    expect(reason(strict(florist, doc(record()), null))).toMatch(/Недостаточно прав, чтобы создавать/);
    expect(strict(manager, doc(record({ createdBy: manager.phone, updatedBy: manager.phone })), null)).toMatchObject({ ok: true });
    expect(reason(strict(florist, doc(record()), doc(record())))).toMatch(/Недостаточно прав, чтобы изменять/);
    // Couriers are removed by a manager only; a florist's own task is hers to delete.
    expect(reason(rule(florist, { _id: 'courier-0001', _deleted: true as const }, doc(record())))).toMatch(/Недостаточно прав, чтобы удалять/);
    const myTask = { _id: 'task-0001', type: 'task', v: 1, title: 'Полить', createdBy: florist.phone, createdAt: now, updatedBy: florist.phone, updatedAt: now, data: { title: 'Полить', assignee: '', status: 'todo', note: '' } };
    expect(rule(florist, { _id: 'task-0001', _deleted: true as const }, myTask)).toMatchObject({ ok: true });
    expect(reason(rule(florist, { _id: 'task-0001', _deleted: true as const }, { ...myTask, createdBy: manager.phone }))).toMatch(/удалять/);
  });

  it('never changes or deletes a fact; a new one is fine', () => {
    const facts = pushRuleFor({ courier: factCourier, task, supplier }, () => now);
    expect(facts(florist, doc(record()), null)).toMatchObject({ ok: true });
    expect(reason(facts(florist, doc(record({ updatedAt: now })), doc(record())))).toMatch(/запись-факт/);
    expect(reason(facts(manager, { _id: 'courier-0001', _deleted: true as const }, doc(record())))).toMatch(/запись-факт/);
  });

  it('says a day’s second shift close is taken, in the key’s words, and an edit of the first is a fact’s change', () => {
    const closes = pushRuleFor({ shift }, () => now);
    const close = (by: string, at: number): OfficeRecord => ({
      id: shiftId(shift.example.day), type: 'shift', v: 1, title: `Смена ${shift.example.day}`, day: shift.example.day, createdBy: by, createdAt: at, updatedBy: by, updatedAt: at, data: shift.example,
    });
    const first = doc(close(manager.phone, now - 5000));
    expect(reason(closes(florist, doc(close(florist.phone, now - 1000)), first))).toBe('Смена за этот день уже закрыта');
    expect(reason(closes(manager, doc({ ...close(manager.phone, now - 5000), updatedAt: now }), first))).toMatch(/запись-факт/);
  });

  it('refuses what does not belong in the office database or does not parse', () => {
    const supplierDoc = doc(record({ type: 'supplier', data: { name: 'База', phone: '79001234567', inn: '7701234567', note: '' } }));
    expect(reason(rule(staff('79000000001', 'admin'), supplierDoc, null))).toMatch(/не хранятся на устройствах/);
    expect(reason(rule(florist, doc(record({ type: 'task' })), doc(record())))).toMatch(/./);
    expect(reason(rule(florist, doc(record({ v: 99 })), null))).toMatch(/более новой версией/);
    expect(reason(rule(florist, doc(record({ data: { ...record().data, feePerDelivery: -1 } })), null))).toMatch(/Курьер: Оплата за доставку, ₽ — /);
    expect(reason(rule(florist, { ...doc(record()), owner: 'я' }, null))).toMatch(/[а-я]/i);
    expect(reason(rule(florist, { _id: 'x', type: 'order' }, null))).toMatch(/Неизвестный вид записи/);
    const taskDoc = { _id: 'task-0002', type: 'task', v: 1, title: 'Полить', day: '2026-01-01', createdBy: florist.phone, createdAt: now, updatedBy: florist.phone, updatedAt: now, data: { title: 'Полить', due: '2026-01-02', assignee: '', status: 'todo', note: '' } };
    expect(reason(rule(florist, taskDoc, null))).toMatch(/День записи/);
    expect(rule(florist, { ...taskDoc, day: '2026-01-02' }, null)).toMatchObject({ ok: true });
  });

  it('takes a deletion of something it never had, and a record made again after a deletion as new', () => {
    expect(rule(florist, { _id: 'never-0001', _deleted: true as const }, null)).toMatchObject({ ok: true });
    expect(rule(florist, { ...doc(record()), _deleted: true as const }, null)).toMatchObject({ ok: true });
    expect(reason(rule(florist, { _id: 'never-0002', _deleted: true as const, junk: 'x'.repeat(1000) }, null))).toMatch(/Неверная запись/);
    expect(reason(rule(manager, { _id: 'courier-0001', _deleted: true as const, junk: 'x'.repeat(1000) }, doc(record())))).toMatch(/Неверная запись/);
    expect(rule(manager, { ...doc(record()), _deleted: true as const }, doc(record()))).toMatchObject({ ok: true });
    expect(reason(rule(florist, doc(record()), { ...doc(record({ createdBy: manager.phone })), _deleted: true as const }))).toBe('принято');
  });
});

describe('the record service on facts', () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-records-'));
    storage = openStorage({ dataDir, couchUrl: undefined });
  });
  afterAll(async () => {
    await storage.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('stores a new fact, then refuses to change or delete it', async () => {
    const records = recordService(tierStore(storage), () => now);
    const { data: saved } = await records.save(manager, factCourier, { data: record().data });
    expect(saved).toMatchObject({ createdBy: manager.phone, createdAt: now, updatedAt: now });
    await expect(records.save(manager, factCourier, { id: saved.id, updatedAt: saved.updatedAt, data: record().data })).rejects.toMatchObject({ status: 409 });
    await expect(records.remove(staff('79000000001', 'admin'), factCourier, { id: saved.id })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/запись-факт/) });
    expect((await records.get(manager, factCourier, { id: saved.id })).data).toEqual(saved);
  });
});
