/** Campaign and content pages that also show the items of one tag, and the Russian names of the tags. */
export const campaignTags: Record<string, string> = {
  '8march': '8march',
  'mothers-day': 'mom',
  'new-year': 'new-year',
  'bukety-na-den-rozhdeniya': 'birthday',
  'for-companies': 'corporate',
  'exclusive/reflection': 'premium',
};

export { tagLabels } from '../../../schema/tag';

/** /new-year/2023/red takes the items of its campaign, /new-year. */
export const tagOfPage = (slug: string): string | undefined =>
  campaignTags[slug] ?? Object.entries(campaignTags).find(([page]) => slug.startsWith(`${page}/`))?.[1];
