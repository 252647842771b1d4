import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of an observable (an RxDB query, for one). Callers make it with `useMemo` over what it
 * depends on. A value belongs to the observable that sent it: when another one comes (another id, say), the
 * screen shows `initial` until the new one answers, never the previous record.
 */
export const useObservable = <T>(source: Observable<T>, initial: T): T => {
  const [latest, setLatest] = useState<{ source: Observable<T>; value: T } | null>(null);
  useEffect(() => {
    const sub = source.subscribe((value) => setLatest({ source, value }));
    return () => sub.unsubscribe();
  }, [source]);
  return latest && latest.source === source ? latest.value : initial;
};
