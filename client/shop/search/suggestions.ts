import { searchQueryProblem } from '../../../schema/shop/search-query';

/** Search suggestions of the header panel (spec §4 "Search", §9): timing only, no framework, no network. */

export const searchDebounceMs = 750;
export const suggestionsLimit = 10;
export const suggestionsCloseMs = 750;

export interface Suggestion {
  id: string;
  name: string;
  /** URL of the product's first image, if it has one. */
  image?: string;
}

interface SuggestionsState {
  query: string;
  items: Suggestion[];
  open: boolean;
  /** Index of the option chosen with the arrow keys, -1 for none. */
  active: number;
}

export type FindSuggestions = (q: string) => Promise<Suggestion[]>;

interface SuggestionsController {
  readonly state: SuggestionsState;
  /** The input's text changed. */
  input(query: string): void;
  focus(): void;
  /** Focus left the input: the list closes after suggestionsCloseMs. */
  blur(): void;
  /** Closes the list at once and drops any pending or running search (Escape, Enter, a choice). */
  close(): void;
  /** Empties the input and the suggestions. */
  clear(): void;
  /** Arrow keys: moves the active option, wrapping around; opens a closed list that has items. */
  move(delta: 1 | -1): void;
  subscribe(listener: (s: SuggestionsState) => void): () => void;
  dispose(): void;
}

const empty: SuggestionsState = { query: '', items: [], open: false, active: -1 };

export const createSuggestions = (find: FindSuggestions): SuggestionsController => {
  let state = empty;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let closing: ReturnType<typeof setTimeout> | undefined;
  // Each search gets a number; an answer to an older one is ignored.
  let generation = 0;
  const listeners = new Set<(s: SuggestionsState) => void>();

  const set = (next: Partial<SuggestionsState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l(state);
  };
  const stopDebounce = () => {
    clearTimeout(debounce);
    debounce = undefined;
  };
  const stopClosing = () => {
    clearTimeout(closing);
    closing = undefined;
  };
  const cancelSearch = () => {
    stopDebounce();
    generation++;
  };

  const search = (query: string) => {
    const mine = ++generation;
    let running: Promise<Suggestion[]>;
    try {
      running = find(query);
    } catch (e) {
      running = Promise.reject(e);
    }
    running.then(
      (found) => {
        if (mine === generation) set({ items: found.slice(0, suggestionsLimit), open: true, active: -1 });
      },
      () => {
        // Spec §8: a failed search silently empties the suggestions.
        if (mine === generation) set({ items: [], open: false, active: -1 });
      },
    );
  };

  return {
    get state() {
      return state;
    },
    input(query) {
      cancelSearch();
      set({ query, items: [], open: false, active: -1 });
      // Nothing to look for (empty, punctuation only, a runaway paste): no request; Enter opens /search, which says why.
      if (searchQueryProblem(query)) return;
      debounce = setTimeout(() => {
        debounce = undefined;
        search(query.trim());
      }, searchDebounceMs);
    },
    focus() {
      stopClosing();
      if (state.items.length && !state.open) set({ open: true });
    },
    blur() {
      stopClosing();
      closing = setTimeout(() => {
        closing = undefined;
        set({ open: false, active: -1 });
      }, suggestionsCloseMs);
    },
    close() {
      cancelSearch();
      stopClosing();
      set({ open: false, active: -1 });
    },
    clear() {
      cancelSearch();
      stopClosing();
      set(empty);
    },
    move(delta) {
      const n = state.items.length;
      if (!n) return;
      if (!state.open) return set({ open: true, active: delta > 0 ? 0 : n - 1 });
      const from = state.active < 0 ? (delta > 0 ? -1 : n) : state.active;
      set({ active: (from + delta + n) % n });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      cancelSearch();
      stopClosing();
      listeners.clear();
    },
  };
};
