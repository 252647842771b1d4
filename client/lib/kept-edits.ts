/**
 * A save's answer drawn over a form the admin kept typing in: each field takes the answer unless it changed since the
 * form was sent (`sent`), in which case the edit stays (it is saved with the next «Сохранить»). A form redrawn
 * wholly from the answer lost whatever was typed while the save was on its way.
 */
export const keptEdits = <T extends object>(now: T, sent: T, answer: T): T => {
  const out = { ...answer };
  for (const k of Object.keys(answer) as (keyof T)[]) if (!Object.is(now[k], sent[k])) out[k] = now[k];
  return out;
};
