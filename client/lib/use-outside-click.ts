import { useEffect, type RefObject } from 'react';

/** Calls `onOutside` on a pointer press outside `ref` while `active`. */
export const useOutsideClick = (ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) => {
  useEffect(() => {
    if (!active) return;
    const onDown = (e: PointerEvent) => ref.current && !ref.current.contains(e.target as Node) && onOutside();
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [ref, active, onOutside]);
};
