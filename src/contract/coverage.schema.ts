import { z } from './zod.ts';
import { coverageMessages } from './coverage.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';

/** The coverage checker's server call, with its schema (the server and the OpenAPI document use it). */
const named = z.object({ names: z.record(z.string(), z.string()) });
const GeolocationSchema = z
  .object({
    country: named.extend({ iso_code: z.string() }).nullable(),
    city: named.nullable(),
    location: z.object({ latitude: z.number(), longitude: z.number(), accuracy_radius: z.number().optional() }),
    postal: z.object({ code: z.string().nullable() }).nullable(),
    subdivisions: z.array(named.extend({ iso_code: z.string() })),
    traits: z.object({ ip_address: z.string() }),
    sandbox: z.boolean().optional().meta({
      description: 'True when the local geolocation sandbox answered (GEOIP_URL unset): not the real service',
    }),
  })
  .meta({ id: 'Geolocation' });

/** Spec section 8: the geolocation service's failures, answered with the spec's own codes. */
export const coverageFailures = failures('coverage', {
  HTTP_ERROR: { status: 503, message: coverageMessages.HTTP_ERROR, code: 'HTTP_ERROR' },
  HTTP_TIMEOUT: { status: 504, message: coverageMessages.HTTP_TIMEOUT, code: 'HTTP_TIMEOUT' },
});

const endpoint = endpointsOf({ tag: 'Coverage', access: 'public' });

export const coverageApi = {
  geolocation: endpoint({
    id: 'geolocation',
    method: 'get',
    path: '/panda/public/geolocation',
    summary: "Where the caller's connection is (by IP), to prefill the coverage checker",
    answer: payload(GeolocationSchema),
    description: 'The place of the connection',
    errors: { 503: coverageMessages.HTTP_ERROR, 504: coverageMessages.HTTP_TIMEOUT },
  }),
};
