import { describe, expect, it } from 'vitest';
import { localPath } from './last-url.ts';

describe('localPath: a next or stored URL stays on this site', () => {
  it('keeps paths of this site, with their query and hash', () => {
    expect(localPath('/my48')).toBe('/my48');
    expect(localPath('/my48/flexi-data?tab=safe#top')).toBe('/my48/flexi-data?tab=safe#top');
    expect(localPath('/sign-up?verify=abc')).toBe('/sign-up?verify=abc');
  });

  it('refuses every way a browser would read as another site', () => {
    for (const next of [
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      '/.//evil.example/phish',
      '/./\\evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      ' //evil.example',
      'https://evil.example/my48',
      'javascript:alert(1)',
      'evil.example',
      '',
      null,
      undefined,
    ])
      expect([next, localPath(next)]).toEqual([next, undefined]);
  });

  it('a percent-encoded tab or slash stays a path of ours', () => {
    // As URLSearchParams hands it over, '/%09/evil.example' is '/\t/evil.example' (refused above); left encoded it is a path here.
    expect(localPath('/%09/evil.example')).toBe('/%09/evil.example');
    expect(localPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
