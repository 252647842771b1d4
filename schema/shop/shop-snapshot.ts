import { z } from 'zod';
import { page, slug } from './page';
import { product } from './product';
import { shopSettings } from '../studio/site/shop-settings';
import { studioProfile } from '../studio/team/studio-profile';
import { catalogSetup } from './catalog-setup';
import { homeCopy } from './home-copy';
import { navigation } from './navigation';

/**
 * What a server-rendered page was drawn from, written into the page beside its HTML: the products on sale and the
 * pages that address shows, no more (a category's first view, not the whole catalogue). The client hydrates from it and
 * keeps it only until the device's own copy of the catalogue and pages holds something.
 */
export const shopSnapshot = z.object({
  /** The address it was drawn for, as the browser's location has it: the snapshot answers for that page alone. */
  path: z.string().max(2000),
  products: z.array(product),
  pages: z.array(page),
  /**
   * A category's shelf is cut to its first view (`firstPagesOf` in schema/shop/shelf.ts: its open pages in its order);
   * this is how many products the category has in all.
   */
  shelfTotal: z.number().int().min(0).optional(),
  /** Slugs the server looked for and the pages store does not hold (a flower without the studio's text). */
  absentPages: z.array(slug).max(10),
  /** The studio's details as saved when the page was drawn (the header and footer of every page show them). */
  studio: studioProfile.optional(),
  /** The categories and tags as arranged when the page was drawn (the bar and the titles show them). */
  catalogSetup: catalogSetup.optional(),
  /** On the home page: what it shows, as chosen when it was drawn. */
  homeCopy: homeCopy.optional(),
  /** The menu and the footer's links as saved when the page was drawn (every page's header and footer show them). */
  navigation: navigation.optional(),
  /** The shop's public settings as saved when the page was drawn (the cart's free-delivery hint, the checkout). */
  settings: shopSettings.optional(),
});
export type ShopSnapshot = z.infer<typeof shopSnapshot>;

/** The id of the `<script type="application/json">` that carries it. */
export const snapshotElementId = 'shop-snapshot';
