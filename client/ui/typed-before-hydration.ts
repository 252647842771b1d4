import { useEffect, useRef, type RefObject } from 'react';

/**
 * A field of a server-drawn page the shopper changed before the page's scripts took over. React keeps what was typed
 * on screen but not in its state, so the next render (a live count arriving, a price redrawn) puts the state's value
 * back: a customer's «3» became «1» (React 19 does not replay such changes: react#33129, behind a flag). Once, after
 * hydration, a value on screen other than the state's is handed to `adopt`. A radio group: its fieldset, the checked
 * one's value.
 */
export const useTypedBeforeHydration = (ref: RefObject<HTMLInputElement | HTMLSelectElement | HTMLFieldSetElement | null>, value: string, adopt: (typed: string) => void) => {
  const first = useRef({ value, adopt });
  useEffect(() => {
    const field = ref.current;
    const onScreen = field instanceof HTMLFieldSetElement ? field.querySelector<HTMLInputElement>('input:checked')?.value : field?.value;
    if (onScreen !== undefined && onScreen !== first.current.value) first.current.adopt(onScreen);
  }, [ref]);
};
