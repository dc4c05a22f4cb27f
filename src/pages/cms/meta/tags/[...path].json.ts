import type { APIRoute, GetStaticPaths } from 'astro';
import { json, metaTags } from '../../../../lib/cms-json.ts';

export const getStaticPaths = (async () =>
  [...(await metaTags())].map(([path, tags]) => ({ params: { path }, props: { tags } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => json(props['tags']);
