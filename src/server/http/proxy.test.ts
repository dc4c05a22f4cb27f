import { describe, expect, it } from 'vitest';
import { clientView, trustOf } from './proxy.ts';

const direct = { proto: 'http' as const, host: 'portal-1:4321' };

describe('the client behind a proxy (TRUST_PROXY, docs/product/production.md)', () => {
  it('without TRUST_PROXY the socket decides: forwarded headers change nothing', () => {
    const view = clientView(
      '203.0.113.9',
      { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.48.ie' },
      direct,
      trustOf([]),
    );
    expect(view).toEqual({ ip: '203.0.113.9', proto: 'http', host: 'portal-1:4321', origin: 'http://portal-1:4321' });
  });

  it('from a trusted proxy: the right-most untrusted forwarded address, its scheme and host', () => {
    const trust = trustOf(['loopback', '10.0.0.0/8']);
    const view = clientView(
      '127.0.0.1',
      {
        'x-forwarded-for': '198.51.100.7, 203.0.113.50, 10.1.2.3',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'www.48.ie',
      },
      direct,
      trust,
    );
    expect(view).toEqual({ ip: '203.0.113.50', proto: 'https', host: 'www.48.ie', origin: 'https://www.48.ie' });
    // A visitor cannot choose its address by sending its own header through the proxy: the proxy appends the real one.
    expect(clientView('10.0.0.5', { 'x-forwarded-for': '1.2.3.4, 198.51.100.8' }, direct, trust).ip).toBe(
      '198.51.100.8',
    );
  });

  it('from an untrusted peer the same headers are ignored', () => {
    const trust = trustOf(['10.0.0.0/8']);
    expect(
      clientView('203.0.113.9', { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' }, direct, trust),
    ).toMatchObject({ ip: '203.0.113.9', proto: 'http' });
  });

  it('keeps the socket values where a forwarded one is not usable, and refuses a bad TRUST_PROXY entry', () => {
    const trust = trustOf(['loopback']);
    expect(
      clientView('::1', { 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'evil.example/path' }, direct, trust),
    ).toMatchObject({ proto: 'http', host: 'portal-1:4321' });
    expect(clientView(undefined, {}, direct, trust).ip).toBe('unknown');
    expect(() => trustOf(['not-an-address'])).toThrow();
  });
});
