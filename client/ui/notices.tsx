import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

const NoticeContext = createContext<(text: string, tone?: Notice['tone']) => void>(() => {});

/** Short messages in the corner: sync refusals, failed requests, "saved". Each goes away after 8 s. */
export const NoticeArea = ({ children }: { children: ReactNode }) => {
  const [notices, setNotices] = useState<Notice[]>([]);
  const show = useCallback((text: string, tone: Notice['tone'] = 'info') => {
    const id = Date.now() + Math.random();
    setNotices((n) => [...n, { id, text, tone }]);
    setTimeout(() => setNotices((n) => n.filter((x) => x.id !== id)), 8000);
  }, []);
  return (
    <NoticeContext.Provider value={show}>
      {children}
      <div className="notices" role="status" aria-live="polite">
        {notices.map((n) => (
          <p key={n.id} className={`notice notice--${n.tone}`} role={n.tone === 'error' ? 'alert' : undefined}>
            {n.text}
          </p>
        ))}
      </div>
    </NoticeContext.Provider>
  );
};

export const useNotice = () => useContext(NoticeContext);
