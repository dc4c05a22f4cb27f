// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { $layout, setLoading, setNavbar, setOverlay } from './layout.ts';

describe('the layout store', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<main id="main"></main><div id="page-overlay" hidden></div><div id="page-loader" role="status" hidden></div>';
    document.documentElement.removeAttribute('data-navbar');
    delete document.documentElement.dataset['navbarFromStore'];
    $layout.set({ loading: false, overlay: false, navbar: 'full' });
  });

  it('shows and hides the full-page loader', () => {
    setLoading(true);
    expect(document.getElementById('page-loader')!.hidden).toBe(false);
    // aria-busy is not allowed on <html> (axe: aria-allowed-attr); the main region carries it.
    expect(document.getElementById('main')!.getAttribute('aria-busy')).toBe('true');
    setLoading(false);
    expect(document.getElementById('page-loader')!.hidden).toBe(true);
    expect(document.getElementById('main')!.getAttribute('aria-busy')).toBe('false');
  });

  it('shows and hides the overlay', () => {
    setOverlay(true);
    expect(document.getElementById('page-overlay')!.hidden).toBe(false);
    setOverlay(false);
    expect(document.getElementById('page-overlay')!.hidden).toBe(true);
  });

  it('hides the navbar content or the whole navbar, and brings it back', () => {
    setNavbar('content-hidden');
    expect(document.documentElement.dataset['navbar']).toBe('content-hidden');
    setNavbar('hidden');
    expect(document.documentElement.dataset['navbar']).toBe('hidden');
    setNavbar('full');
    expect(document.documentElement.dataset['navbar']).toBe('full');
  });
});
