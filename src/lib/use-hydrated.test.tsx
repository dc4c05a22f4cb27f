// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated, useSignedIn } from './use-hydrated.ts';

function Greeting() {
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  return <p data-hydrated={hydrated ? 'yes' : 'no'}>{signedIn ? 'Your voucher' : 'Log in to claim your voucher'}</p>;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.cookie = 'authCode=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  delete document.documentElement.dataset['settled'];
  document.body.innerHTML = '';
});

describe('useHydrated and useSignedIn', () => {
  it('render the visitor’s screen at build, then the member’s once hydrated, with no mismatch', async () => {
    const html = renderToString(<Greeting />);
    expect(html).toContain('Log in to claim your voucher');
    expect(html).toContain('data-hydrated="no"');

    document.cookie = 'authCode=abc; path=/';
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const problems: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Greeting />, { onRecoverableError: (e) => problems.push(e) });
    });
    expect(problems).toEqual([]);
    expect(container.textContent).toBe('Your voucher');
    expect(container.querySelector('p')?.dataset['hydrated']).toBe('yes');
    expect(document.documentElement.dataset['settled']).toBe('');
  });

  it('leave a visitor’s screen as built', async () => {
    const html = renderToString(<Greeting />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Greeting />);
    });
    expect(container.textContent).toBe('Log in to claim your voucher');
  });
});
