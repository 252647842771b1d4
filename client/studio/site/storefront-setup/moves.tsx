import { useLayoutEffect, useRef } from 'react';

/** The row a keyboard just moved, whose button takes the focus once that row has drawn. */
let pending: { list: string; row: number; dir: 'up' | 'down' } | null = null;

/**
 * Up and down buttons of one row of an ordered list. With `list` (a name unique on the screen), the focus stays on
 * the moved row's button, so a keyboard moves a row several places by pressing Enter again. The focus is set after
 * React has drawn the moved row (a layout effect), not on a timer that a busy page may run before the draw.
 */
export const Moves = ({ name, i, count, onMove, list }: { name: string; i: number; count: number; onMove: (by: number) => void; list?: string }) => {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!pending || pending.list !== list || pending.row !== i) return;
    const [first, other] = pending.dir === 'up' ? [up.current, down.current] : [down.current, up.current];
    pending = null;
    (first && !first.disabled ? first : other)?.focus();
  });
  const move = (by: number) => {
    if (list) pending = { list, row: i + by, dir: by < 0 ? 'up' : 'down' };
    onMove(by);
  };
  return (
    <span className="setting-row__moves">
      <button ref={up} type="button" className="button button--ghost" aria-label={`Выше: ${name}`} disabled={i === 0} onClick={() => move(-1)}>↑</button>
      <button ref={down} type="button" className="button button--ghost" aria-label={`Ниже: ${name}`} disabled={i === count - 1} onClick={() => move(1)}>↓</button>
    </span>
  );
};
