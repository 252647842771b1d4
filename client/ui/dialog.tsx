import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's own controls instead of leaving it for the page behind. */
const keepFocusInside = (root: HTMLElement, e: KeyboardEvent) => {
  const items = [...root.querySelectorAll<HTMLElement>(focusable)];
  if (!items.length) return;
  const [first, last] = [items[0], items[items.length - 1]];
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === root)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || !root.contains(at))) {
    e.preventDefault();
    first.focus();
  }
};

interface DialogProps {
  title: string;
  onClose: () => void;
  width?: string;
  children: ReactNode;
}

/**
 * A modal dialog: Escape, the close icon or a click outside closes it; focus moves in and comes back. It never is
 * wider or taller than the screen (a 360 px phone, a keyboard taking half of it): the close icon stays in reach.
 */
export const Dialog = ({ title, onClose, width = '26rem', children }: DialogProps) => {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Callers pass inline functions: keep the latest without re-running the effect (which would move focus).
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      if (e.key === 'Tab' && box.current) keepFocusInside(box.current, e);
    };
    document.addEventListener('keydown', onKey);
    box.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);
  return createPortal(
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && close.current()}>
      <div ref={box} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby={titleId} className="dialog" style={{ width: `min(${width}, calc(100vw - 2rem))`, maxHeight: 'calc(100dvh - 2rem)', overflowY: 'auto' }}>
        <header className="dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Закрыть" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
};
