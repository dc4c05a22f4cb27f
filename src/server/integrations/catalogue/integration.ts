import { integration, type Integration } from '../integration.ts';
import { localCatalogueAdapter, type CatalogueAdapter } from './index.ts';

/** The refurbished-phone catalogue: the local one by default. */
export const catalogue: Integration<CatalogueAdapter> = integration<CatalogueAdapter>({
  create: () => localCatalogueAdapter(),
});
