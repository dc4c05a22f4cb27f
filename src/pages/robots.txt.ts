import type { APIRoute } from 'astro';

/** robots.txt from SITE_URL (the build's `site`), so the sitemap it names is this deployment's (docs/product/production.md). */
export const GET: APIRoute = ({ site }) => {
  const origin = (site ?? new URL('https://www.48.ie')).origin;
  return new Response(
    ['User-agent: *', 'Disallow: /my48', 'Disallow: /panda', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'),
    {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    },
  );
};
