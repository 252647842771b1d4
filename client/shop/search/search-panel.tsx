import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useLocalIfOpen } from '../../data/local-data-context';
import { loadCatalogSearch } from './find-products';
import type { Suggestion } from './suggestions';
import { useSuggestions } from './use-suggestions';

const searchPlaceholder = 'Искать букеты, цветы, артикул...';

/**
 * The header's search panel (spec §2 "Search panel", §4 "Search"): an ARIA 1.2 combobox whose
 * suggestions come from the server, or from the device's catalogue when offline.
 * `className` goes to the wrapper: the header gives `search search--desktop` or `search search--mobile`.
 */
export const SearchPanel = ({ className = 'search' }: { className?: string }) => {
  const navigate = useNavigate();
  const data = useLocalIfOpen()?.data;
  // Before the device's store has opened (a server-rendered page), offline suggestions have nothing to read.
  const controller = useSuggestions(data);
  const storeOpen = !!data;
  useEffect(() => {
    // The search library is not part of the first view: fetch it once the device's store is open (after the first
    // view, or at the first touch) and the page is idle, before anyone goes offline.
    if (!storeOpen) return;
    const warm = () => void loadCatalogSearch().catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') return void setTimeout(warm, 2000);
    const id = requestIdleCallback(warm, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, [storeOpen]);
  const state = useSyncExternalStore(controller.subscribe, () => controller.state, () => controller.state);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  // The input is cleared when leaving /search for another route.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === '/search' && pathname !== '/search') controller.clear();
    previous.current = pathname;
  }, [pathname, controller]);

  const expanded = state.open && state.items.length > 0;
  // A search that found nothing says so, and leads to /search, which offers the categories and the bestsellers.
  const nothing = state.open && !state.items.length && !!state.query.trim();

  const submit = () => {
    const q = state.query.trim();
    controller.close();
    if (q) void navigate({ to: '/search', search: { q } });
  };
  const choose = (item: Suggestion) => {
    controller.clear();
    void navigate({ to: '/items/$id', params: { id: item.id } });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!state.items.length) return;
      e.preventDefault();
      controller.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      const chosen = expanded && state.active >= 0 ? state.items[state.active] : undefined;
      if (chosen) {
        e.preventDefault();
        choose(chosen);
      }
      // otherwise the form submits
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        controller.close();
      } else if (state.query) {
        e.preventDefault();
        controller.clear();
      }
    }
  };

  return (
    <div className={`${className} search-panel`}>
      <form
        role="search"
        className="search-panel__form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Поиск"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && state.active >= 0 ? optionId(state.active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={searchPlaceholder}
          value={state.query}
          onChange={(e) => controller.input(e.target.value)}
          onFocus={() => controller.focus()}
          onBlur={() => controller.blur()}
          onKeyDown={onKeyDown}
        />
        {state.query && (
          <button
            type="button"
            className="icon-button search-panel__clear"
            aria-label="Очистить"
            onClick={() => {
              controller.clear();
              input.current?.focus();
            }}
          >
            ×
          </button>
        )}
        <button type="submit" className="icon-button" aria-label="Найти" disabled={!state.query.trim()}>
          ⌕
        </button>
      </form>
      <ul id={listId} role="listbox" aria-label="Подсказки поиска" className="search-panel__list" hidden={!expanded}>
        {expanded &&
          state.items.map((item, i) => (
            <li
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === state.active}
              className="search-panel__option"
              // Keep focus in the input so the list does not start closing under the pointer.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
            >
              {item.image ? <img src={item.image} alt="" width={40} height={40} loading="lazy" /> : <span className="search-panel__noimage" aria-hidden="true" />}
              <span>{item.name}</span>
            </li>
          ))}
      </ul>
      {nothing && (
        <div className="search-panel__list" role="status">
          <p className="search-panel__option">
            <span>
              Ничего не нашлось.{' '}
              <Link to="/search" search={{ q: state.query.trim() }} onMouseDown={(e) => e.preventDefault()} onClick={() => controller.close()}>
                Категории и хиты продаж
              </Link>
            </span>
          </p>
        </div>
      )}
    </div>
  );
};
