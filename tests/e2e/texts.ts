import type { Page } from '@playwright/test';

/*
 * What a page says, to find English left on a page in another language (docs/product/languages.md).
 */

/** Every piece of text of the page's body, shown or behind a menu (the menus' words count too). */
export const textsOf = (page: Page) =>
  page.evaluate(() => {
    const out = new Set<string>();
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, .lang-offer')) continue;
      // A language's own name (the switch) is written in that language, marked so.
      if (parent.closest('[lang]')?.getAttribute('lang') !== document.documentElement.lang) continue;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text) out.add(text);
    }
    for (const el of document.querySelectorAll('body [aria-label]'))
      if (el.closest('[lang]')?.getAttribute('lang') === document.documentElement.lang && !el.closest('.lang-offer'))
        out.add(el.getAttribute('aria-label')!.trim());
    return [...out];
  });

/** Words that read the same in every language here: the brand, its product and network names, figures. */
export const SAME_IN_EVERY_LANGUAGE = new Set(['48', 'Menu', 'Roaming', 'Blog', 'My48', '©']);
export const isName = (text: string) =>
  SAME_IN_EVERY_LANGUAGE.has(text) || /^[\d\s.,€%/©+−-]+$/.test(text) || /^[\d.,]+ GB$/.test(text);
