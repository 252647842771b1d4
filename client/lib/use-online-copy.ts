import { useEffect, useState } from 'react';
import type { ApiAnswer } from '../../schema/shared/api-contract';
import { callEmpty, type EmptyCall } from './record-call';
import { refusalOf } from './use-form-action';

/**
 * A document the back-office reads online once to edit it (the shop's settings, the studio's profile, a storefront
 * setting): null until read, then what `take` makes of the answer (a stable function: module-level or memoised); a
 * failed read is said through `fail`, the form's failure line. The screen sets the copy again from its save's answer,
 * so the next save is made over the version it shows (a stale one is refused, 409).
 */
export const useOnlineCopy = <K extends EmptyCall, T>(key: K, take: (answer: ApiAnswer<K>) => T, fail: (message: string) => void) => {
  const [copy, setCopy] = useState<T | null>(null);
  useEffect(() => {
    let current = true;
    callEmpty(key).then(
      (answer) => current && setCopy(take(answer)),
      (e: unknown) => current && fail(refusalOf(e).message),
    );
    return () => {
      current = false;
    };
  }, [key, take, fail]);
  return [copy, setCopy] as const;
};
