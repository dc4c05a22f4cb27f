/*
 * On a page in every language only (BaseLayout.astro, inline and minified at build): an English
 * page whose visitor chose Irish or Polish opens in it; with no choice kept, a browser that asks
 * for Irish or Polish first is offered it once a tab (a bar, never a redirect). The page's
 * alternates say where it is in each language.
 */
{
  const h = document.documentElement,
    chosen = (/(?:^|;\s*)lang=(ga|pl|en)(?:;|$)/.exec(document.cookie) || [])[1],
    at = (l) => {
      const link = document.querySelector('link[hreflang^="' + l + '-"]');
      return link && new URL(link.href).pathname;
    };
  if (chosen) {
    // The query and the fragment go along (a verification link's token, a kept journey). A page
    // opened from itself in the chosen language (a legal text's "Read the English text") stays
    // English, and the choice stays as it was.
    const to = chosen != 'en' && at(chosen);
    if (to && !document.referrer.replace(/\/$/, '').endsWith(to))
      location.replace(to + location.search + location.hash);
  } else {
    const asked = (navigator.languages || [])
      .map((l) => l.slice(0, 2).toLowerCase())
      .find((l) => /^(en|ga|pl)$/.test(l));
    try {
      if (asked && asked != 'en' && !sessionStorage.getItem('langOffered')) {
        sessionStorage.setItem('langOffered', asked);
        h.dataset.offer = asked;
        // Declining (a button) keeps English and closes the offer.
        document.addEventListener('click', (e) => {
          if (e.target.closest && e.target.closest('button[data-lang]')) delete h.dataset.offer;
        });
      }
    } catch {
      // Storage off: no offer, as it could not be kept to once a tab.
    }
  }
}
