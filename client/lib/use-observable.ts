import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** The latest value of an observable (an RxDB query, for one), re-subscribing when `deps` change. */
export const useObservable = <T>(make: () => Observable<T>, initial: T, deps: unknown[]): T => {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const sub = make().subscribe(setValue);
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
};
