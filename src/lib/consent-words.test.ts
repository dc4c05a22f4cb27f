// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { catalogues } from '../contract/i18n/messages.ts';
import { SETTINGS_WORDS, settingsWords } from './consent-banner.ts';
import { BAR_WORDS } from './consent-bar.ts';
import { pageWords } from './consent-words.ts';

describe('the consent words', () => {
  it('are the English catalogue’s, word for word, so English pages need no block', () => {
    for (const [key, value] of Object.entries({ ...BAR_WORDS, ...SETTINGS_WORDS }))
      expect(catalogues.en[`consent.${key}` as keyof typeof catalogues.en], key).toBe(value);
  });
  it('come from the page’s block where it has one, English where it has none or a broken one', () => {
    const page = (block?: string) => {
      const doc = document.implementation.createHTMLDocument('');
      if (block !== undefined)
        doc.body.innerHTML = `<script type="application/json" id="consent-words">${block}</script>`;
      return doc;
    };
    expect(pageWords(BAR_WORDS, page())).toEqual(BAR_WORDS);
    const polish = pageWords(BAR_WORDS, page('{"title":"Pliki cookie w 48","save":"Zapisz"}'));
    expect(polish.title).toBe('Pliki cookie w 48');
    expect(polish.acceptAll).toBe('Accept all');
    expect(Object.keys(polish)).toEqual(Object.keys(BAR_WORDS));
    expect(pageWords(BAR_WORDS, page('{broken'))).toEqual(BAR_WORDS);
    // The settings read the same block the same way.
    expect(settingsWords(page('{"save":"Zapisz","title":"Pliki cookie w 48"}')).save).toBe('Zapisz');
    expect(settingsWords(page('{"save":"Zapisz"}')).close).toBe('Close cookie settings');
    expect(settingsWords(page('{broken'))).toEqual(SETTINGS_WORDS);
    expect(settingsWords(page())).toEqual(SETTINGS_WORDS);
  });
});
