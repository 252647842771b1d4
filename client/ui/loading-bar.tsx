import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';

/**
 * Spec §9: duration 2000 ms, throttle 200 ms, hide delay 500 ms, reset delay 400 ms, height 1 px. The height and the
 * durations are in styles.css (.loading-bar): a style attribute in server-drawn HTML breaks the CSP (style-src 'self').
 */
const loadingBar = { duration: 2000, throttle: 200, hideDelay: 500, resetDelay: 400, height: 1 } as const;

/** A thin bar that runs while a navigation loads and finishes when it completes or fails. */
export const LoadingBar = () => {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');
  useEffect(() => {
    if (loading) {
      const start = setTimeout(() => setPhase('running'), loadingBar.throttle);
      return () => clearTimeout(start);
    }
    // A load shorter than the throttle never showed the bar: nothing to finish.
    setPhase((p) => (p === 'running' ? 'done' : p));
    const reset = setTimeout(() => setPhase((p) => (p === 'done' ? 'idle' : p)), loadingBar.hideDelay + loadingBar.resetDelay);
    return () => clearTimeout(reset);
  }, [loading]);
  return (
    <div className={`loading-bar loading-bar--${phase}`} aria-hidden="true" />
  );
};
