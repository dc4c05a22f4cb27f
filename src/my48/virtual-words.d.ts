/** A group of my48's words in one language, made at build (astro.config.mjs, my48Words; screen-words.ts). */
declare module 'virtual:my48-words/*' {
  import type { ScreenWords } from './speech.ts';
  const words: ScreenWords;
  export default words;
}
