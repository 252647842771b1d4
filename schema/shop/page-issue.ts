import type { z } from 'zod';
import type { PageBlock } from './page';

/** The block editor's names of the blocks, as its buttons and the refusals say them. */
export const pageBlockNames: Record<PageBlock['kind'], string> = { heading: 'Заголовок', text: 'Текст', image: 'Картинка', products: 'Товары по тегу', cta: 'Кнопка' };

const fieldNames: Record<string, string> = { title: 'Заголовок страницы', description: 'Описание для поисковиков', image: 'Картинка страницы' };

/**
 * Where in a page a refusal points, in the editors' words: «Блок 3 («Товары по тегу»)», «Раздел 2», «Заголовок
 * страницы»; never a path such as blocks.2.tag. `blocks` are the page's blocks, to name a block by its kind.
 */
const pagePlace = (path: readonly PropertyKey[], blocks: readonly { kind?: unknown }[] = []): string | undefined => {
  const [field, index] = path;
  if (field === 'blocks' && typeof index === 'number') {
    const kind = blocks[index]?.kind;
    const name = typeof kind === 'string' && kind in pageBlockNames ? pageBlockNames[kind as PageBlock['kind']] : undefined;
    return `Блок ${index + 1}${name ? ` («${name}»)` : ''}`;
  }
  if (field === 'sections' && typeof index === 'number') return `Раздел ${index + 1}`;
  return typeof field === 'string' ? fieldNames[field] : undefined;
};

/** A page's first refusal as one sentence: the place, then the reason. */
export const pageIssue = (error: z.ZodError, blocks: readonly { kind?: unknown }[] = []): string => {
  const issue = error.issues[0];
  if (!issue) return 'Проверьте страницу';
  const place = pagePlace(issue.path, blocks);
  return place ? `${place}: ${issue.message}` : issue.message;
};
