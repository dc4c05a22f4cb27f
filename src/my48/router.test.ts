// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { $router, appPath, isScreen } from './router.ts';

const origin = 'http://portal.test';

describe('appPath: which links the account app opens itself', () => {
  it('its own screens, with query and hash', () => {
    expect(appPath('/my48', origin)).toBe('/my48');
    expect(appPath('/my48/settings/my-data?x=1#top', origin)).toBe('/my48/settings/my-data?x=1#top');
    expect(appPath(`${origin}/MY48/transactions`, origin)).toBe('/MY48/transactions');
  });
  it('under the page’s language: a link to /my48/… opens the same screen in it', () => {
    expect(appPath('/my48/usage?x=1', origin, '/pl')).toBe('/pl/my48/usage?x=1');
    expect(appPath('/pl/my48/usage', origin, '/pl')).toBe('/pl/my48/usage');
    expect(appPath('/pl/help', origin, '/pl')).toBeUndefined();
    expect(appPath('/ga/my48', origin, '/pl')).toBeUndefined();
  });
  it('not the main site, a look-alike path or another origin', () => {
    expect(appPath('/', origin)).toBeUndefined();
    expect(appPath('/help', origin)).toBeUndefined();
    expect(appPath('/my48-offers', origin)).toBeUndefined();
    expect(appPath('https://elsewhere.test/my48', origin)).toBeUndefined();
  });
});

describe('link clicks while the router is in use', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
  });

  function click(href: string, init: MouseEventInit = {}): MouseEvent {
    const link = document.createElement('a');
    link.href = href;
    document.body.append(link);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    link.dispatchEvent(event);
    return event;
  }

  it('a link to a screen changes the screen without a page load', () => {
    stop = $router.listen(() => {});
    const event = click('/my48/settings');
    expect(event.defaultPrevented).toBe(true);
    expect($router.get()?.route).toBe('settings');
    expect(location.pathname).toBe('/my48/settings');
  });

  it('a link to the main site is left to the browser', () => {
    stop = $router.listen(() => {});
    const before = $router.get();
    expect(click('/').defaultPrevented).toBe(false);
    expect(click('/help').defaultPrevented).toBe(false);
    expect($router.get()).toBe(before);
  });

  it('a click with a modifier (new tab) is left to the browser', () => {
    stop = $router.listen(() => {});
    expect(click('/my48/memberships', { ctrlKey: true }).defaultPrevented).toBe(false);
  });
});

describe('isScreen', () => {
  it('the screens of the registry, not other pages under /my48', () => {
    expect(isScreen('/my48')).toBe(true);
    expect(isScreen('/my48/settings/')).toBe(true);
    expect(isScreen('/my48/log-in')).toBe(false);
  });
});
