import { describe, expect, it } from 'vitest';
import { FILTERED, scrubEvent, scrubText } from './scrub.ts';

describe('scrubbing an error report', () => {
  it('masks e-mail addresses, card numbers and tokens in text', () => {
    expect(scrubText('no member jane.doe+x@example.ie here')).toBe('no member [email] here');
    expect(scrubText('card 4111 1111 1111 1111 and 4111-1111-1111-1111 and 4111111111111111')).toBe(
      'card [number] and [number] and [number]',
    );
    expect(scrubText('token Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eA_-x')).toBe('token [token]');
    expect(scrubText('SIM 8935301000000000001 of user 33 for €15.00')).toBe('SIM [number] of user 33 for €15.00');
  });

  it('keeps method, path and harmless headers of a request; drops cookies, bodies, queries and sensitive headers', () => {
    const event = scrubEvent({
      event_id: 'a'.repeat(32),
      request: {
        method: 'POST',
        url: 'https://www.48.ie/panda/public/users/current?email=jane@example.com',
        headers: {
          'x-gg-auth': 'secret-token',
          cookie: 'gg_bind=abc',
          'user-agent': 'Firefox',
          'x-xsrf-token': 'x',
          authorization: 'Bearer y',
        },
        cookies: { gg_bind: 'abc' },
        data: { username: 'jane@example.com', password: 'hunter2' },
      },
      user: { id: 7, email: 'jane@example.com', ip_address: '10.0.0.1' },
      extra: { password: 'hunter2', nested: { cardNumber: '4111111111111111', note: 'for jane@example.com' } },
      message: 'failed for jane@example.com',
    });
    expect(event.event_id).toBe('a'.repeat(32));
    expect(event.request).toEqual({
      method: 'POST',
      url: 'https://www.48.ie/panda/public/users/current',
      headers: { 'user-agent': 'Firefox' },
    });
    expect(event.user).toEqual({ id: '7' });
    expect(event.extra).toEqual({ password: FILTERED, nested: { cardNumber: FILTERED, note: 'for [email]' } });
    expect(event.message).toBe('failed for [email]');
    expect(JSON.stringify(event)).not.toMatch(/hunter2|jane@|secret-token|gg_bind|4111/);
  });
});
