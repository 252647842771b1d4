import type { z } from 'zod';
import { user } from '../../schema/shared/user';
import { staffUserElementId } from '../../schema/studio/orders/staff-snapshot-ids';

/** What the server drew inside #root (empty for the app's shell). */
export const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\n {4}<script/.exec(html)?.[1] ?? /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';

/** The JSON a page carries under the element `id`, parsed by `schema`; `null` where the page has none. */
export const jsonScriptOf = <S extends z.ZodType>(html: string, id: string, schema: S): z.infer<S> | null => {
  const json = new RegExp(`<script id="${id}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? null : schema.parse(JSON.parse(json));
};

/** The staff member a drawn staff page was drawn for (`null`: none). */
export const drawnUserOf = (html: string) => jsonScriptOf(html, staffUserElementId, user);

/** A page as the browser gets it: its status, HTML and cache rule. */
export const getPage = async (url: string, cookie?: string) => {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text(), cache: res.headers.get('cache-control') };
};
