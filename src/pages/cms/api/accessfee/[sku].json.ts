import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { json } from '../../../../lib/cms-json.ts';

export const getStaticPaths = (async () =>
  (await getCollection('fees')).map(({ data }) => ({
    params: { sku: data.sku },
    props: { fee: data },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => json(props['fee']);
