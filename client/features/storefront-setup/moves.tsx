/** Focus the button that moved with its row (or, at an end where it is disabled, the row's other one), after the draw. */
const follow = (list: string, row: number, dir: 'up' | 'down') =>
  requestAnimationFrame(() => {
    const at = (d: string) => document.querySelector<HTMLButtonElement>(`[data-move="${list}:${row}:${d}"]`);
    const button = at(dir);
    (button && !button.disabled ? button : at(dir === 'up' ? 'down' : 'up'))?.focus();
  });

/**
 * Up and down buttons of one row of an ordered list. With `list` (a name unique on the screen), the focus stays on
 * the moved row's button, so a keyboard moves a row several places by pressing Enter again.
 */
export const Moves = ({ name, i, count, onMove, list }: { name: string; i: number; count: number; onMove: (by: number) => void; list?: string }) => {
  const move = (by: number) => {
    onMove(by);
    if (list) follow(list, i + by, by < 0 ? 'up' : 'down');
  };
  return (
    <span className="setting-row__moves">
      <button type="button" className="button button--ghost" aria-label={`Выше: ${name}`} data-move={list && `${list}:${i}:up`} disabled={i === 0} onClick={() => move(-1)}>↑</button>
      <button type="button" className="button button--ghost" aria-label={`Ниже: ${name}`} data-move={list && `${list}:${i}:down`} disabled={i === count - 1} onClick={() => move(1)}>↓</button>
    </span>
  );
};
