import { getRouteApi, Navigate, useRouterState } from '@tanstack/react-router';
import { categoryIds, extraCategoryIds, type ItemCategory } from '../schema/shop/category';
import { movedTo } from '../schema/shop/address';
import { catalogueFilter } from '../schema/shop/product-filter-params';
import { FlowerPage } from './shop/catalog/flower-page';
import { HomePage } from './shop/catalog/home-page';
import { ProductPage } from './shop/catalog/product-page';
import { CategoryPage } from './shop/catalog/category-page';
import { SearchPage } from './shop/catalog/search-page';
import { ContentPage } from './shop/content/content-page';
import { TagPage } from './shop/content/tag-page';
import { ProductByArt } from './shop/catalog/product-by-art';

/**
 * The storefront's screens, one chunk fetched by the first storefront address (route-tree.tsx): a back-office page
 * loads none of them (issue 32, item 1). A page the server drew names this chunk for the browser to fetch beside the
 * entry (`modulepreload`, server/render/renderer.ts), and the service worker precaches it with the first view
 * (client/lib/later-code.ts), so a storefront page hydrates and reloads offline as before.
 */

export { HomePage };

const isCategory = (id: string): id is ItemCategory => ([...categoryIds, ...extraCategoryIds] as string[]).includes(id);

const itemApi = getRouteApi('/items/$id');
export const ItemScreen = () => {
  const { id } = itemApi.useParams();
  const moved = movedTo(`/items/${id}`);
  if (moved) return <Navigate to={moved} replace />;
  return isCategory(id) ? <CategoryPage category={id} /> : <ProductPage key={id} id={id} />;
};

const searchApi = getRouteApi('/search');
export const SearchScreen = () => <SearchPage q={searchApi.useSearch().q ?? ''} />;

const itemsApi = getRouteApi('/items');
export const ItemsScreen = () => {
  const search = itemsApi.useSearch();
  const navigate = itemsApi.useNavigate();
  const filter = catalogueFilter(search);
  // Another filter is another shelf: it starts again from its first page, and the page stays where it is.
  return <CategoryPage filters={{ filter, onChange: (next) => void navigate({ search: { ...next, pages: undefined }, replace: true, resetScroll: false }) }} />;
};

const tagApi = getRouteApi('/tags/$tag');
export const TagScreen = () => <TagPage tag={tagApi.useParams().tag} />;

const flowerApi = getRouteApi('/flowers/$slug');
export const FlowerScreen = () => {
  const { slug } = flowerApi.useParams();
  return <FlowerPage key={slug} slug={slug} />;
};

const byArtApi = getRouteApi('/product/$artAndName');
export const ByArtScreen = () => <ProductByArt artAndName={byArtApi.useParams().artAndName} />;

/** Any other address is a page of the pages store (campaigns, /studio, /{name}) or 'Page not found'. */
export const StorePage = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return <ContentPage slug={decodeURI(path).replace(/^\/+|\/+$/g, '')} />;
};

export const InfoPage = () => <ContentPage slug="info" />;
export const DeliveryPage = () => <ContentPage slug="info/delivery" />;
export const PolicyPage = () => <ContentPage slug="policy" />;
