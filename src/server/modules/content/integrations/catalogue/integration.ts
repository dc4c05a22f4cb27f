import { credential, httpsUrl, integration, type Integration, settings } from '../../../../integrations/integration.ts';
import { localCatalogueAdapter, partnerCatalogue, type CatalogueAdapter } from './index.ts';

/** The refurbished-phone partner's Connect service (both settings), or the local catalogue. */
export const catalogueSettings = settings({
  shape: {
    CATALOGUE_URL: httpsUrl(),
    CATALOGUE_API_KEY: credential(),
  },
  service: ['CATALOGUE_URL', 'CATALOGUE_API_KEY'],
  adapter: (s, { logger }): CatalogueAdapter =>
    s.CATALOGUE_URL && s.CATALOGUE_API_KEY
      ? partnerCatalogue({ url: s.CATALOGUE_URL, apiKey: s.CATALOGUE_API_KEY }, logger)
      : localCatalogueAdapter(),
});

/** The refurbished-phone catalogue: the local one by default. */
export const catalogue: Integration<CatalogueAdapter> = integration<CatalogueAdapter>({
  create: () => localCatalogueAdapter(),
});
