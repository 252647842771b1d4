/**
 * Runs tasks with the same key one after another in this process. Only to spare the store needless conflicts
 * (every order of one bouquet writes the same stock document): correctness comes from the store's revisions,
 * so two processes on one store stay exact without it.
 */
export const oneAtATime = () => {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => tails.get(key) === tail && tails.delete(key));
    return run;
  };
};
