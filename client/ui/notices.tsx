import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

/** A button a notice may carry (a refused change opened again): pressing it does the work and closes the notice. */
interface NoticeAction {
  label: string;
  run: () => void;
}

interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
  action?: NoticeAction;
}

type Show = (text: string, tone?: Notice['tone'], action?: NoticeAction) => void;

const NoticeContext = createContext<Show>(() => {});

/**
 * Short messages in the corner: sync refusals, failed requests, "saved". Each goes away after 8 s; one with an action
 * stays until it is pressed or closed, since what it offers would be lost with it.
 */
export const NoticeArea = ({ children }: { children: ReactNode }) => {
  const [notices, setNotices] = useState<Notice[]>([]);
  const close = useCallback((id: number) => setNotices((n) => n.filter((x) => x.id !== id)), []);
  const show = useCallback<Show>(
    (text, tone = 'info', action) => {
      const id = Date.now() + Math.random();
      setNotices((n) => [...n, { id, text, tone, action }]);
      if (!action) setTimeout(() => close(id), 8000);
    },
    [close],
  );
  return (
    <NoticeContext.Provider value={show}>
      {children}
      <div className="notices" role="status" aria-live="polite">
        {notices.map((n) => (
          <div key={n.id} className={`notice notice--${n.tone}`} role={n.tone === 'error' ? 'alert' : undefined}>
            <p>{n.text}</p>
            {n.action && (
              <p className="notice__buttons">
                <button
                  type="button"
                  className="notice__action"
                  onClick={() => {
                    close(n.id);
                    n.action?.run();
                  }}
                >
                  {n.action.label}
                </button>
                <button type="button" className="notice__action" aria-label="Закрыть уведомление" onClick={() => close(n.id)}>
                  Закрыть
                </button>
              </p>
            )}
          </div>
        ))}
      </div>
    </NoticeContext.Provider>
  );
};

export const useNotice = () => useContext(NoticeContext);
