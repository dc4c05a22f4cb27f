import { map } from 'nanostores';

/**
 * Page-wide layout flags that any island can switch (spec section 2 "Behaviour" and
 * section 4 "Menu and layout"). The static layout renders the loader, overlay and navbar
 * once; this store is the one switch for them, so islands never touch that markup.
 */
export type NavbarMode = 'full' | 'content-hidden' | 'hidden';

export interface LayoutState {
  loading: boolean;
  overlay: boolean;
  navbar: NavbarMode;
}

export const $layout = map<LayoutState>({ loading: false, overlay: false, navbar: 'full' });

let unbind: (() => void) | undefined;

/** The first island to use the store binds it to the page; later ones share that binding. */
function bindOnce(): void {
  if (unbind || typeof document === 'undefined') return;
  unbind = bindLayoutToDocument(document);
}

export function setLoading(loading: boolean): void {
  bindOnce();
  $layout.setKey('loading', loading);
}

export function setOverlay(overlay: boolean): void {
  bindOnce();
  $layout.setKey('overlay', overlay);
}

export function setNavbar(mode: NavbarMode): void {
  bindOnce();
  $layout.setKey('navbar', mode);
}

/** Mirrors the store onto the layout's elements; returns the unsubscribe function. */
export function bindLayoutToDocument(doc: Document): () => void {
  return $layout.subscribe((state) => {
    const loader = doc.getElementById('page-loader');
    const overlay = doc.getElementById('page-overlay');
    if (loader) loader.hidden = !state.loading;
    if (overlay) overlay.hidden = !state.overlay;
    doc.getElementById('main')?.setAttribute('aria-busy', String(state.loading));
    // A page may start with a mode of its own (set by the layout); the store only overrides it
    // once an island asks for something other than the default.
    if (state.navbar !== 'full' || doc.documentElement.dataset['navbarFromStore'] === 'true') {
      doc.documentElement.dataset['navbar'] = state.navbar;
      doc.documentElement.dataset['navbarFromStore'] = 'true';
    }
  });
}
