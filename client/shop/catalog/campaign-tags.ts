// The campaign pages' tags are a rule of the shop (schema/shop/tag.ts): the server draws those pages too.
export { campaignTags, tagLabels, tagOfPage } from '../../../schema/shop/tag';
