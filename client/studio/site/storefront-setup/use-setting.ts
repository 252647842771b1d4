import { useCallback } from 'react';
import type { z } from 'zod';
import type { ApiAnswer } from '../../../../schema/shared/api-contract';
import type { CatalogSetup } from '../../../../schema/shop/catalog-setup';
import type { HomeCopy } from '../../../../schema/shop/home-copy';
import type { Navigation } from '../../../../schema/shop/navigation';
import { call } from '../../../lib/api';
import { errorsByField, issuesOf, useFormAction } from '../../../lib/use-form-action';
import { useOnlineCopy } from '../../../lib/use-online-copy';
import { useNotice } from '../../../ui/notices';

/** Issues by path without the payload's key (`setup.categories.2.label` → `categories.2.label`). */
export type Issues = Record<string, string>;

/**
 * A shop setting edited online (/api/{name}/get|update, as /admin/profile is): read once, changed in the screen,
 * checked with its schema before it is sent, saved over the version read (another's save since is refused, 409).
 */
/** The settings edited this way, each at /api/{name}/get|update, and what each holds. */
interface Values {
  'catalog-setup': CatalogSetup;
  'home-copy': HomeCopy;
  navigation: Navigation;
}
type Setting = keyof Values;
type Answer = ApiAnswer<`POST /api/${Setting}/get`>;

/** Each setting's save, its route and body spelled out so that the contract types both. */
const updates: { [N in Setting]: (value: Values[N], updatedAt: number) => Promise<Answer> } = {
  'catalog-setup': (setup, updatedAt) => call('POST /api/catalog-setup/update', { setup, updatedAt }),
  'home-copy': (copy, updatedAt) => call('POST /api/home-copy/update', { copy, updatedAt }),
  navigation: (navigation, updatedAt) => call('POST /api/navigation/update', { navigation, updatedAt }),
};

export const useSetting = <N extends Setting>(name: N, key: string, schema: z.ZodType<Values[N]>) => {
  type T = Values[N];
  const notice = useNotice();
  const { busy, failure, errors: issues, refuse, run, fail } = useFormAction({ fields: { under: key } });
  const take = useCallback(({ data }: Answer) => ({ value: new Map(Object.entries(data)).get(key) as T, updatedAt: data.updatedAt }), [key]);
  const [read, setRead] = useOnlineCopy(`POST /api/${name}/get`, take, fail);

  const change = (value: T) => read && setRead({ ...read, value });

  const save = async () => {
    if (!read) return;
    const parsed = schema.safeParse(read.value);
    if (!parsed.success) return refuse(errorsByField(issuesOf(parsed.error)), 'Исправьте отмеченные поля');
    await run(async () => {
      setRead(take(await updates[name](parsed.data, read.updatedAt)));
      notice('Сохранено');
    });
  };

  return { value: read?.value, change, save, issues, failure, busy };
};

/** The list with item `i` moved by `by` places (up: -1), unchanged at the ends. */
export const moved = <T>(list: readonly T[], i: number, by: number): T[] => {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
};

/** The list with the item at `from` taken out and put at `to`. */
export const movedTo = <T>(list: readonly T[], from: number, to: number): T[] => {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};
