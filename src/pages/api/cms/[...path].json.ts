import type { APIRoute, GetStaticPaths } from 'astro';
import { cmsDocuments, json } from '../../../lib/cms-json.ts';

export const getStaticPaths = (async () =>
  [...(await cmsDocuments())].map(([path, body]) => ({ params: { path }, props: { body } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => json(props['body']);
