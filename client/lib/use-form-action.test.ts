// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { renderHook } from './render-hook';
import { errorsByField, fallbackFailure, refusalOf, useFormAction } from './use-form-action';

const stale = new ApiError(409, 'Настройки изменили, пока вы их правили: обновите страницу и внесите изменения снова');
const refused = new ApiError(400, 'Проверьте поля', [
  { path: 'settings.deliveryPrice', message: 'Не меньше 0' },
  { path: 'settings.slots.1', message: 'Интервал как 09:00–12:00' },
  { path: 'settings.slots.2', message: 'Второе о том же поле' },
]);

describe('refusalOf', () => {
  it('says the server’s Russian reason and its issues; a failure without words gets ours, never an empty alert', () => {
    expect(refusalOf(stale)).toEqual({ message: stale.message, issues: [] });
    expect(refusalOf(refused).issues).toHaveLength(3);
    expect(refusalOf(new Error(''))).toEqual({ message: fallbackFailure, issues: [] });
    expect(refusalOf('строка')).toEqual({ message: fallbackFailure, issues: [] });
  });
});

describe('errorsByField', () => {
  it('puts each issue beside its field, the first said of a field winning, the request’s wrapper dropped', () => {
    expect(errorsByField(refusalOf(refused).issues, { under: 'settings', whole: true })).toEqual({ deliveryPrice: 'Не меньше 0', slots: 'Интервал как 09:00–12:00' });
    expect(errorsByField([{ path: 'lines.0.qty', message: 'Введите число' }])).toEqual({ 'lines.0.qty': 'Введите число' });
    // A form's own check has no wrapper: its paths are taken as they are.
    expect(errorsByField([{ path: 'slots.0', message: 'Пусто' }], { under: 'settings', whole: true })).toEqual({ slots: 'Пусто' });
  });
});

describe('useFormAction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is busy while an action works, then clear; a refusal (409 too) is said under the form and beside the fields', async () => {
    const { result, settle } = await renderHook(() => useFormAction({ fields: { under: 'settings', whole: true } }), {});
    let answer!: (v: unknown) => void;
    let done: Promise<boolean> | undefined;
    await settle(() => {
      done = result.current!.run(() => new Promise((resolve) => (answer = resolve)));
    });
    expect(result.current!.busy).toBe(true);
    await settle(async () => (answer(undefined), await done));
    expect(result.current).toMatchObject({ busy: false, failure: '', errors: {} });

    let ok: boolean | undefined;
    await settle(async () => (ok = await result.current!.run(() => Promise.reject(refused))));
    expect(ok).toBe(false);
    expect(result.current).toMatchObject({ busy: false, failure: 'Проверьте поля', errors: { deliveryPrice: 'Не меньше 0', slots: 'Интервал как 09:00–12:00' } });

    await settle(async () => void (await result.current!.run(() => Promise.reject(stale))));
    expect(result.current).toMatchObject({ failure: stale.message, errors: {} });

    // The next try starts clean: the last failure is gone while it works.
    await settle(async () => (ok = await result.current!.run(() => Promise.resolve())));
    expect(ok).toBe(true);
    expect(result.current!.failure).toBe('');
  });

  it('keeps the server’s issues off the fields unless told where they go, and says the form’s own check as given', async () => {
    const { result, settle } = await renderHook(() => useFormAction(), {});
    await settle(async () => void (await result.current!.run(() => Promise.reject(refused))));
    expect(result.current).toMatchObject({ failure: 'Проверьте поля', errors: {} });
    await settle(() => result.current!.refuse({ name: 'Обязательное поле' }, 'Исправьте отмеченные поля'));
    expect(result.current).toMatchObject({ failure: 'Исправьте отмеченные поля', errors: { name: 'Обязательное поле' } });
    // Without a line the last one stays: the generic form says its errors beside the fields only.
    await settle(() => result.current!.refuse({}));
    expect(result.current).toMatchObject({ failure: 'Исправьте отмеченные поля', errors: {} });
  });

  it('asks before a delete and does nothing on «no»; a refused delete is said like a refused save', async () => {
    const asked: string[] = [];
    let yes = false;
    vi.stubGlobal('confirm', (q: string) => (asked.push(q), yes));
    const work = vi.fn(() => Promise.reject(new ApiError(403, 'Удалять может только администратор')));
    const { result, settle } = await renderHook(() => useFormAction(), {});
    let ok: boolean | undefined;
    await settle(async () => (ok = await result.current!.remove('Удалить: Роза?', work)));
    expect([ok, work.mock.calls.length, asked]).toEqual([false, 0, ['Удалить: Роза?']]);
    yes = true;
    await settle(async () => (ok = await result.current!.remove('Удалить: Роза?', work)));
    expect([ok, work.mock.calls.length]).toEqual([false, 1]);
    expect(result.current).toMatchObject({ busy: false, failure: 'Удалять может только администратор' });
  });
});
