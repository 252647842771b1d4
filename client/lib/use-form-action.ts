import { useCallback, useState } from 'react';
import { ApiError } from './api';

/** Said when a failure carries no words of its own (a bug, not a refusal): never an empty alert. */
export const fallbackFailure = 'Не получилось, попробуйте ещё раз';

/** One field's issue as the server (schema/shared/api.ts `issues`) and a form's own zod check give it. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * Why an action failed, as a form shows it: the server's Russian reason (or ours when the network is down) and its
 * issues by field. A stale save (409: the record changed since the form read it) is one such reason; the typed values
 * stay, so nothing is lost, and the reason says to read it again.
 */
interface Refusal {
  message: string;
  issues: FieldIssue[];
}

export const refusalOf = (err: unknown): Refusal => ({
  message: err instanceof Error && err.message ? err.message : fallbackFailure,
  issues: err instanceof ApiError ? (err.issues ?? []) : [],
});

/**
 * Errors by field from issues: the first said of a field wins; `under` drops the request's wrapper from a path
 * (`settings.deliveryPrice` → `deliveryPrice`) and `whole` keeps only the field's name (`slots.2` → `slots`).
 */
export const errorsByField = (issues: readonly FieldIssue[], { under = '', whole = false }: { under?: string; whole?: boolean } = {}): Record<string, string> => {
  const found: Record<string, string> = {};
  for (const i of issues) {
    const path = under && i.path.startsWith(`${under}.`) ? i.path.slice(under.length + 1) : i.path;
    found[whole ? (path.split('.')[0] ?? path) : path] ??= i.message;
  }
  return found;
};

/** A zod error's issues as FieldIssues (its path joined with dots). */
export const issuesOf = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldIssue[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

interface FormActionOptions {
  /** How the server's issues become errors by field (see errorsByField); without it they are not put beside fields. */
  fields?: { under?: string; whole?: boolean };
}

/**
 * One save-and-refuse rule for the back-office's forms: what the form checks itself is said beside its fields
 * (`refuse`); an action (`run`) clears the last failure, holds `busy` while it works and, when it fails, says the
 * server's Russian reason under the form and its issues beside the fields (a stale save, 409, the same way, the
 * typed values kept); `remove` asks
 * first («Удалить: …?») and does nothing when the answer is no. `run` and `remove` answer whether the work was done.
 */
export const useFormAction = ({ fields }: FormActionOptions = {}) => {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const placed = !!fields;
  const under = fields?.under;
  const whole = fields?.whole;

  /** The form's own check failed: these errors beside the fields, and (when given) a line under the form. */
  const refuse = useCallback((found: Record<string, string>, line?: string) => {
    setErrors(found);
    if (line !== undefined) setFailure(line);
  }, []);

  const run = useCallback(
    async (work: () => Promise<unknown>): Promise<boolean> => {
      setErrors({});
      setFailure('');
      setBusy(true);
      try {
        await work();
        return true;
      } catch (err) {
        const refusal = refusalOf(err);
        if (placed) setErrors(errorsByField(refusal.issues, { under, whole }));
        setFailure(refusal.message);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [placed, under, whole],
  );

  const remove = useCallback((question: string, work: () => Promise<unknown>): Promise<boolean> => (confirm(question) ? run(work) : Promise.resolve(false)), [run]);

  return { busy, failure, errors, refuse, run, remove, fail: setFailure };
};
