import { z } from 'zod';
import type { Client } from '../../entities/client';
import { officeRecord } from '../../shared/record';

/** Body of POST /api/clients/merge: the card kept and the card merged into it (both by id, as read). */
export const clientMergeRequest = z
  .strictObject({ keep: officeRecord.shape.id, drop: officeRecord.shape.id })
  .refine((r) => r.keep !== r.drop, { message: 'Выберите две разные карточки', path: ['drop'] });

const joined = (a: string, b: string, separator: string, max: number) => (!b || a.includes(b) ? a : !a ? b : `${a}${separator}${b}`).slice(0, max);

/**
 * Two cards of one person become one: the kept card's values win, the other fills what it lacks; its phones become
 * other phones of the kept card (so its orders count in the totals), notes are joined, important dates added unless
 * the same date with the same title is there already.
 */
export const mergedClient = (keep: Client, drop: Client): Client => {
  const phones = [...keep.otherPhones.split(/,\s*/), drop.phone, ...drop.otherPhones.split(/,\s*/)].filter((p) => p && p !== keep.phone);
  const dates = [...keep.dates, ...drop.dates.filter((d) => !keep.dates.some((k) => k.date === d.date && k.title === d.title))].slice(0, 30);
  return {
    ...keep,
    name: keep.name || drop.name,
    otherPhones: [...new Set(phones)].join(', '),
    email: keep.email || drop.email,
    birthday: keep.birthday ?? drop.birthday,
    alert: joined(keep.alert, drop.alert, '; ', 200),
    note: joined(keep.note, drop.note, '\n', 2000),
    dates,
  };
};
