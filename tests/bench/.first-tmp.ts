import { weighPage } from './js-weight.ts';
for (const f of ['sign-up/index.html', 'pl/sign-up/index.html', 'log-in/index.html', 'gift-shop/index.html', 'coverage-checker/index.html', 'sign-up-confirmed/index.html', 'log-out/index.html', 'friend/index.html', 'pl/friend/index.html', 'index.html']) {
  const w = weighPage('dist', f);
  const first = weighPage('dist', f, /consent-bar/);
  console.log(f.padEnd(32), (w.gzipBytes / 1024).toFixed(2), (first.gzipBytes / 1024).toFixed(2));
}
