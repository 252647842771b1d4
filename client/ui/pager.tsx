export interface PagerProps {
  /** The page asked for (from 1); one past the end is said as the last. */
  page: number;
  pages: number;
  total: number;
  /** Goes to a page; the first is `undefined`, so that its address stays without `page`. */
  go: (page: number | undefined) => void;
}

/** A back-office list's pages: «Назад», where the list stands and how many records it holds, «Вперёд». */
export const Pager = ({ page, pages, total, go }: PagerProps) => (
  <nav className="record-list__pager" aria-label="Страницы">
    <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => go(page - 1 > 1 ? page - 1 : undefined)}>
      Назад
    </button>
    <span>
      Страница {Math.min(page, pages)} из {pages} · всего {total}
    </span>
    <button type="button" className="button button--ghost" disabled={page >= pages} onClick={() => go(page + 1)}>
      Вперёд
    </button>
  </nav>
);
