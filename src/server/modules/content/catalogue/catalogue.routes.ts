import { Hono } from 'hono';
import { LIST_PRODUCTS_PATH } from '../../../../contract/catalogue.ts';
import type { AppEnv } from '../../../http/router.ts';
import * as handle from './catalogue.handlers.ts';

/**
 * The refurbished-phone catalogue: ListProducts in the Connect protocol (POST, JSON, errors as
 * {code, message}) at the partner's path, and the local catalogue's images. Outside /panda:
 * it is the partner's API as the browser knows it, not ours, so it keeps the partner's shapes.
 */
export function catalogueRoutes() {
  const app = new Hono<AppEnv>();
  app.post(LIST_PRODUCTS_PATH, handle.listProducts);
  app.get('/catalogue/images/:file{[a-z0-9-]+\\.svg}', handle.image);
  return app;
}
