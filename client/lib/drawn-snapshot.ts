import type { z } from 'zod';

/**
 * What the server wrote into a drawn staff page for its screen (a `<script type="application/json">` under
 * `elementId`: the board's days, an order, the dashboard's today), read from the page once and parsed with `schema`;
 * `null` where the page has none or it does not parse. On the server the renderer gives it instead (`drawWith`,
 * client/entry-server.tsx), and `undefined` forgets it after that page.
 */
export const drawnSnapshot = <S extends z.ZodType>(elementId: string, schema: S) => {
  let read: z.infer<S> | null | undefined;
  return {
    drawWith: (snapshot: z.infer<S> | undefined): void => {
      read = snapshot;
    },
    read: (): z.infer<S> | null => {
      if (read !== undefined) return read;
      const text = typeof document === 'undefined' ? null : document.getElementById(elementId)?.textContent;
      if (!text) return (read = null);
      try {
        const parsed = schema.safeParse(JSON.parse(text));
        return (read = parsed.success ? parsed.data : null);
      } catch {
        return (read = null);
      }
    },
  };
};
