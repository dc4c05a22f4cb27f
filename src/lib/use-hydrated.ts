import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * False while React renders the build's HTML (at build, and the pass that hydrates it), true
 * right after, before the browser paints (a layout effect). What depends on the visitor (cookies,
 * storage, the query) is read only once this is true, so hydration matches the build's HTML and
 * the visitor never sees the other visitor's screen. It also marks the page settled:
 * the CSS that hides a build's HTML not meant for this visitor (global.css, `data-wait`) lets go.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => {
    setHydrated(true);
    document.documentElement.dataset['settled'] = '';
  }, []);
  return hydrated;
}

/**
 * A submit made before the island hydrated is held by BaseLayout's first script (never sent by the
 * browser itself: a log-in would put the password in the address) and the form marked
 * `data-early`; once React owns the form, this submits it again, with what was typed, to the
 * island's own handler. Called by a field of the form (every island form has one).
 */
export function useEarlySubmit(field: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const form = field.current?.closest('form');
    if (form?.dataset['early'] === undefined) return;
    delete form.dataset['early'];
    form.requestSubmit();
  }, [field]);
}

/**
 * Whether a member is signed in (an authCode cookie), once hydrated; undefined before. The build's
 * HTML is the visitor's screen (`SignInFirst`, marked `data-visitors-only`), which the page's CSS
 * hides from a signed-in member until their own screen replaces it.
 */
export function useSignedIn(): boolean | undefined {
  return useHydrated() ? hasAuthCode() : undefined;
}

// The cookie test of BaseLayout's first script, without js-cookie: this module is in every island.
const hasAuthCode = () => /(?:^|;\s*)authCode=[^;]/.test(document.cookie);
