import { useEffect, useState } from 'react';
import { loadCatalogSearch } from '../search/find-products';

type CatalogSearchModule = Awaited<ReturnType<typeof loadCatalogSearch>>;

/** The search chunk, once loaded (it is fetched when the browser is idle, so it is usually there already). */
export const useCatalogSearchModule = (): CatalogSearchModule | undefined => {
  const [loaded, setLoaded] = useState<CatalogSearchModule>();
  useEffect(() => {
    let live = true;
    void loadCatalogSearch().then((m) => live && setLoaded(m));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
};
