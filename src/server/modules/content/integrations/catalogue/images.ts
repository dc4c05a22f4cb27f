import type { Product } from '../../../../../contract/catalogue.ts';

/** Colours for the names in the catalogue (the rest get a neutral grey). */
const tints: [word: string, fill: string][] = [
  ['titanium', '#b9b3a8'],
  ['blue', '#7fa6c9'],
  ['sea', '#7fb3c3'],
  ['ice', '#a9d3e6'],
  ['midnight', '#2f3542'],
  ['black', '#2b2b2b'],
  ['onyx', '#2b2b2b'],
  ['starlight', '#efe6d6'],
  ['white', '#f2f2f0'],
  ['snow', '#f4f4f4'],
  ['chalk', '#ecebe6'],
  ['pink', '#f2c7cf'],
  ['red', '#c8323c'],
  ['lavender', '#c9b8e6'],
  ['purple', '#8e6cc0'],
  ['olive', '#8a8f5a'],
  ['lime', '#cde27a'],
  ['mint', '#b8e3cf'],
  ['green', '#8fb99a'],
  ['silver', '#c9ccd1'],
  ['hazel', '#a99a80'],
];
const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A phone drawn as SVG: body in its colour, screen, camera, and the model written under it. */
export function phoneSvg(product: Product): string {
  const colour = product.colour.toLowerCase();
  const fill = tints.find(([word]) => colour.includes(word))?.[1] ?? '#9aa0a6';
  const foldable = /flip|fold/i.test(product.model);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 200" width="160" height="200" role="img" aria-label="${escape(`${product.brand} ${product.model}, ${product.colour}`)}">
<rect x="40" y="10" width="80" height="160" rx="14" fill="${fill}" stroke="#1d1d1b" stroke-width="3"/>
<rect x="47" y="24" width="66" height="132" rx="6" fill="#15233b"/>
<circle cx="80" cy="17" r="3" fill="#1d1d1b"/>
${foldable ? '<line x1="40" y1="90" x2="120" y2="90" stroke="#1d1d1b" stroke-width="2"/>' : ''}
<path d="M52 140 L108 60 L108 150 Z" fill="#ffffff" opacity="0.08"/>
<text x="80" y="190" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#1d1d1b">${escape(product.brand)}</text>
</svg>`;
}
