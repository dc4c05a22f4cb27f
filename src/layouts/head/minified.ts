import { transformSync } from 'esbuild';

/**
 * An inline script as a page ships it: minified at build, so its source (head/*.js) keeps its
 * comments and names while every page carries only the code. The policy's hashes are taken from
 * the built pages, so they follow.
 */
const done = new Map<string, string>();
export function minified(source: string): string {
  // Every page carries one of two scripts: each is minified once per build, not once per page.
  let code = done.get(source);
  if (code === undefined) {
    code = transformSync(source, { minify: true, loader: 'js', target: 'es2020' }).code.trim();
    done.set(source, code);
  }
  return code;
}
