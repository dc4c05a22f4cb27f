// @ts-check
import { copyFile, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { fillRoaming } from './src/lib/roaming-text.ts';

// The public origin only shapes absolute URLs in the sitemap and canonical links.
const site = process.env.SITE_URL ?? 'https://www.48.ie';

/**
 * Puts two files where the spec's routes expect them, so a CDN needs no rewrite rules:
 * the sitemap integration names its index sitemap-index.xml (the route is /sitemap.xml), and
 * the directory build format turns static/html/iwf/block.html into a folder.
 * @returns {import('astro').AstroIntegration}
 */
function specPaths() {
  return {
    name: 'spec-paths',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const out = fileURLToPath(dir);
        await copyFile(`${out}/sitemap-index.xml`, `${out}/sitemap.xml`);
        const block = `${out}/static/html/iwf/block.html`;
        await rename(`${block}/index.html`, `${block}.tmp`);
        await rm(block, { recursive: true });
        await rename(`${block}.tmp`, block);
      },
    },
  };
}

/**
 * my48's words a screen brings with its chunk (src/my48/screen-words.ts): `virtual:my48-words/<locale>/<group>`
 * is that group's words in that language, formatted from the catalogue at build (speech-build.ts).
 * @returns {import('vite').Plugin}
 */
function my48Words() {
  const prefix = 'virtual:my48-words/';
  return {
    name: 'my48-words',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [locale, group] = id.slice(prefix.length + 1).split('/');
      const { my48GroupWordsIn } = await import('./src/my48/speech-build.ts');
      const { isLocale } = await import('./src/contract/i18n/locales.ts');
      if (!isLocale(locale)) throw new Error(`my48 has no words in ${locale}`);
      return `export default ${JSON.stringify(my48GroupWordsIn(locale, /** @type {any} */ (group)))};`;
    },
  };
}

/**
 * The service worker (src/worker, ADR 025) bundled into /sw.js: a script of its own, outside
 * the pages' bundles, at the site's root so its scope is the whole site (phone.md).
 * @returns {import('astro').AstroIntegration}
 */
function serviceWorker() {
  return {
    name: 'service-worker',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const { build } = await import('esbuild');
        await build({
          entryPoints: [fileURLToPath(new URL('./src/worker/worker.ts', import.meta.url))],
          outfile: join(fileURLToPath(dir), 'sw.js'),
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          legalComments: 'none',
          logLevel: 'warning',
        });
      },
    },
  };
}

/**
 * Vite wraps every dynamic import of the browser's code in its preload helper (0.9 KB gzip), also
 * with `modulePreload: false` (vitejs/vite#13952, #18551): the Consent script's imports put it on
 * every page. With preloading off, every call passes no dependencies (`[]`), so the helper only calls
 * the import and turns a failure into a `vite:preloadError` event nobody here listens for. Where
 * no call in the build passes dependencies (`__vite__mapDeps`), the helper becomes what it then
 * does: call the import. Its file keeps its name: its content follows from the original's.
 * @returns {import('astro').AstroIntegration}
 */
function slimPreloadHelper() {
  return {
    name: 'slim-preload-helper',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const assets = join(fileURLToPath(dir), '_astro');
        const scripts = (await readdir(assets)).filter((f) => f.endsWith('.js'));
        const helper = scripts.find((f) => f.startsWith('preload-helper.'));
        if (!helper) return;
        for (const file of scripts)
          if ((await readFile(join(assets, file), 'utf8')).includes('__vite__mapDeps'))
            return logger.warn(`${file} preloads dependencies: the preload helper is kept whole`);
        const code = await readFile(join(assets, helper), 'utf8');
        const exported = /export\s*\{\s*(\w+)(?:\s+as\s+(\w+))?\s*\}\s*;?\s*$/.exec(code);
        if (!exported) return logger.warn(`${helper}: its export was not recognised; kept whole`);
        await writeFile(join(assets, helper), `const e=(m)=>m();export{e as ${exported[2] ?? exported[1]}};\n`);
      },
    },
  };
}

const COMPRESSIBLE = /\.(html|js|css|json|xml|svg|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli and gzip copies of every text file (file.br, file.gz) at the highest levels, made once
 * at build so the server (or a CDN) sends them without compressing per request. A copy that
 * would not be smaller is not written.
 * @returns {import('astro').AstroIntegration}
 */
function precompress() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const out = fileURLToPath(dir);
        const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter(
          (e) => e.isFile() && COMPRESSIBLE.test(e.name),
        );
        await Promise.all(
          files.map(async (e) => {
            const path = join(e.parentPath, e.name);
            const body = await readFile(path);
            const [br, gzipped] = await Promise.all([
              brotli(body, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
              }),
              gz(body, { level: 9 }),
            ]);
            if (br.length < body.length) await writeFile(`${path}.br`, br);
            if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
          }),
        );
      },
    },
  };
}

/**
 * The EU roaming figures of the content ({roaming:9.99} and the other tokens of
 * src/lib/roaming-text.ts), computed as the law sets them on the day the site is built, in every
 * page and every content file the build wrote (Markdown from the files or the CMS alike).
 * @returns {import('astro').AstroIntegration}
 */
function roamingFigures() {
  return {
    name: 'roaming-figures',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const out = fileURLToPath(dir);
        const now = new Date();
        const files = (await readdir(out, { recursive: true })).filter((f) => /\.(html|json)$/.test(f));
        for (const file of files) {
          const path = join(out, file);
          const text = await readFile(path, 'utf8');
          if (text.includes('{roaming')) await writeFile(path, fillRoaming(text, now));
        }
      },
    },
  };
}

export default defineConfig({
  site,
  // Tests build from a copy of the content into folders of their own (see tests/build).
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // English at today's paths, Irish and Polish under /ga and /pl (docs/product/languages.md, ADR 063).
  i18n: { locales: ['en', 'ga', 'pl'], defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  integrations: [
    // The islands run on React DOM, rendered at build and hydrated in the browser (ADR 023).
    react(),
    sitemap({
      // A page in several languages lists each beside the others (xhtml:link alternates).
      i18n: { defaultLocale: 'en', locales: { en: 'en-IE', ga: 'ga-IE', pl: 'pl-PL' } },
      // Pages that are frames of interactive or private screens are not for search engines.
      filter: (page) =>
        !/\/(my48|staff|log-out|404|payment-gateway|orders|sign-up-confirmed|marketing-permissions|static|translations)\b/.test(
          page,
        ),
    }),
    specPaths(),
    serviceWorker(),
    roamingFigures(),
    slimPreloadHelper(),
    // Last: it compresses what the others wrote.
    precompress(),
  ],
  server: { port: 4321 },
  // npm run dev runs the API beside Astro's dev server; forward its paths to it.
  vite: {
    // Vite's own cache beside Astro's: a publish builds inside the running image, whose code is
    // read-only to the server's user (the cache dir then lives under DATA_DIR).
    ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: `${process.env.ASTRO_CACHE_DIR}/vite` } : {}),
    plugins: [
      my48Words(),
      {
        // No preloading of what the browser's dynamic imports need (a form's rules, the consent bar,
        // a my48 screen, the idle log-out): the browser fetches their imports as it reads them. The
        // helper Vite still wraps them in is slimmed after the build (slimPreloadHelper). Astro
        // builds the client environment with its own settings, so it is set there.
        name: 'no-preload-helper',
        configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
      },
    ],
    build: {
      rolldownOptions: {
        optimization: { inlineConst: { mode: 'all', pass: 2 } },
        output: {
          codeSplitting: {
            // React DOM, React and the React bindings of the stores as one file: every island page
            // needs all of them, and one file compresses smaller than four. Nothing else
            // joins it, so no content page is made to load React by a module it shares with islands.
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react|@astrojs[\\/]react)[\\/]/,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: Object.fromEntries(
        ['/panda', '/sandbox'].map((path) => [path, `http://localhost:${process.env.API_PORT ?? 4322}`]),
      ),
    },
  },
  devToolbar: { enabled: false },
});
