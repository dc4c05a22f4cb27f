import type { coverageApi } from './coverage.schema.ts';
import { route } from './endpoint.ts';

/** The geolocation call as the coverage island makes it (this file loads no zod: the island stays small). */
export const geolocationRoute = route<typeof coverageApi.geolocation>('get', '/panda/public/geolocation');
