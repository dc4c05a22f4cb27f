/** The query parameters every redirect after log-in keeps (spec section 2, "Login"). */
export const keptParams = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'bp_f',
  'bp_f_id',
  'bp_p',
] as const;

/**
 * `target` with the kept parameters of `fromSearch` added (a value already on the target wins).
 * In bp_p, encoded slashes are decoded. Other parameters of the current page are not carried.
 */
export function withKeptParams(target: string, fromSearch: string): string {
  const url = new URL(target, 'http://placeholder');
  const from = new URLSearchParams(fromSearch);
  for (const name of keptParams) {
    const value = from.get(name);
    if (value === null || url.searchParams.has(name)) continue;
    url.searchParams.set(name, name === 'bp_p' ? value.replace(/%2F/gi, '/') : value);
  }
  // URLSearchParams would encode the slashes of bp_p again; the spec wants them plain.
  const query = url.searchParams
    .toString()
    .replace(/(^|&)bp_p=([^&]*)/, (_m, sep: string, v: string) => `${sep}bp_p=${v.replace(/%2F/gi, '/')}`);
  const external = /^https?:\/\//.test(target);
  const base = external ? `${url.origin}${url.pathname}` : url.pathname;
  return `${base}${query ? `?${query}` : ''}${url.hash}`;
}
