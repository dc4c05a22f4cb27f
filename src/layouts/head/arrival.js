/*
 * Before first paint, what the build's HTML cannot know (BaseLayout.astro, inline and minified at
 * build): signed in (an authCode cookie) for the menu (data-auth, which follows the session), and
 * how the visitor arrived (data-arrived: signed in, still verifying the e-mail; fixed for the page)
 * with the query's names (a reset link's token), which say whose screen the build's islands are:
 * global.css hides the others.
 */
{
  const h = document.documentElement,
    c = document.cookie,
    arrived = [];
  if (/(?:^|;\s*)authCode=[^;]/.test(c)) h.dataset.auth = arrived[0] = 'in';
  if (/(?:^|;\s*)signupVerification=/.test(c)) arrived.push('verifying');
  if (arrived.length) h.dataset.arrived = arrived.join(' ');
  if (location.search) h.dataset.query = Array.from(new URLSearchParams(location.search).keys()).join(' ');
  // A language chosen by a switch or the offer is kept (docs/product/languages.md).
  document.addEventListener('click', (e) => {
    const l = e.target.closest && e.target.closest('[data-lang]');
    if (l)
      document.cookie =
        'lang=' +
        l.dataset.lang +
        ';path=/;max-age=31536000;samesite=lax' +
        (location.protocol == 'https:' ? ';secure' : '');
  });
  // A form of an island not yet hydrated: the submit is held, not sent by the browser (a GET with
  // the fields in the address, a password too), and made again once hydrated (useEarlySubmit).
  document.addEventListener(
    'submit',
    (e) => {
      const form = e.target;
      if (!form.closest?.('astro-island[ssr]')) return;
      e.preventDefault();
      form.dataset.early = '';
    },
    true,
  );
}
