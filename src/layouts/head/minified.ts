import { transformSync } from 'esbuild';

/**
 * An inline script as a page ships it: minified at build, so its source (head/*.js) keeps its
 * comments and names while every page carries only the code. The policy's hashes are taken from
 * the built pages, so they follow.
 */
export const minified = (source: string): string =>
  transformSync(source, { minify: true, loader: 'js', target: 'es2020' }).code.trim();
