import { z } from 'zod';

/** A page's address in the pages store (/info/delivery → `info/delivery`). */
export const slug = z.string().regex(/^[a-z0-9][a-z0-9/-]{0,120}$/, 'Адрес страницы: латиница, цифры, дефис и /');
