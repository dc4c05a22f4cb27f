import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addressKey, limitBy } from './limiters.ts';

describe('limitBy', () => {
  it('lets exactly the limit through when the requests arrive together, and refuses the rest', async () => {
    const app = new Hono();
    app.use(
      '*',
      limitBy(60_000, 10, () => 'one-key'),
    );
    app.get('/', (c) => c.text('ok'));
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => app.request('/')))).map((r) => r.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(10);
    expect(statuses.filter((st) => st === 429)).toHaveLength(10);
  });
});

describe('addressKey', () => {
  it('counts an IPv6 client by its /64, an IPv4 one (also mapped into IPv6) by its address', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:2:aaaa::')).toBe(addressKey('2001:db8:1:2:ffff::9'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});
