// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const answers: unknown[] = [];
vi.mock('./http.ts', () => ({ call: vi.fn(async () => ({ _payload: answers.shift() })) }));

const { call } = await import('./http.ts');
const { lookUpConnection } = await import('./connection.ts');
const { clearAllCookies, getSessionCookie, setAuthCode } = await import('./session-cookies.ts');

const place = (sandbox?: boolean) => ({
  country: { iso_code: 'IE', names: { en: 'Ireland' } },
  city: { names: { en: 'Athlone' } },
  location: { latitude: 53.42, longitude: -7.94 },
  postal: { code: 'N37' },
  subdivisions: [],
  traits: { ip_address: '198.51.100.4' },
  ...(sandbox ? { sandbox } : {}),
});

beforeEach(() => {
  clearAllCookies();
  vi.mocked(call).mockClear();
});

describe('the connection lookup and the ugl cookie (spec section 3)', () => {
  it('a signed-in member asks the service once a session: the answer is kept encrypted in ugl', async () => {
    setAuthCode('session-token');
    answers.push(place());
    expect((await lookUpConnection()).city?.names['en']).toBe('Athlone');
    expect(Cookies.get('ugl')).not.toContain('Athlone'); // encrypted
    expect(JSON.parse(getSessionCookie('ugl')!).traits.ip_address).toBe('198.51.100.4');
    expect((await lookUpConnection()).location).toEqual({ latitude: 53.42, longitude: -7.94 });
    expect(call).toHaveBeenCalledTimes(1);
  });
  it('a sandbox answer is not kept, and a visitor keeps nothing', async () => {
    setAuthCode('session-token');
    answers.push(place(true), place(true));
    await lookUpConnection();
    await lookUpConnection();
    expect(call).toHaveBeenCalledTimes(2);
    expect(Cookies.get('ugl')).toBeUndefined();
    clearAllCookies();
    answers.push(place());
    await lookUpConnection();
    expect(Cookies.get('ugl')).toBeUndefined();
  });
});
