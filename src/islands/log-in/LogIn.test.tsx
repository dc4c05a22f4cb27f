// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import LogIn from './LogIn.tsx';
import { LOG_IN_KEYS } from './log-in-words.ts';
import { wordsIn } from '../../contract/i18n/words.ts';
import { problemWordsIn } from '../../contract/i18n/problems.ts';

/** The English page's island, with the words the page hands it. */
const speech = {
  words: wordsIn('en', LOG_IN_KEYS),
  rules: problemWordsIn('en'),
  links: { forgot: '/forgot-password', signUp: '/sign-up' },
};

afterEach(() => {
  cleanup();
  document.cookie = 'authCode=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

/** The log-in island as Astro ships it: its HTML rendered at build, then hydrated by React DOM. */
function hydrated() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LogIn {...speech} />);
  document.body.append(container);
  const problems: unknown[] = [];
  render(<LogIn {...speech} />, { container, hydrate: true, onRecoverableError: (e: unknown) => problems.push(e) });
  return problems;
}

describe('the log-in island', () => {
  it('is in the build’s HTML with its fields, a live button, and a form that never sends them in the address', () => {
    const html = renderToString(<LogIn {...speech} />);
    expect(html).toMatch(/<input[^>]*name="username"/);
    expect(html).toMatch(/<input[^>]*name="password"/);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).not.toMatch(/<button type="submit"[^>]*disabled/);
  });

  it('offers the passkey only once its code is there: disabled in the build’s HTML, live once hydrated', async () => {
    const html = renderToString(<LogIn {...speech} />);
    expect(html).toMatch(/<button type="button"[^>]*disabled[^>]*>Sign in with a passkey/);
    expect(hydrated()).toEqual([]);
    const passkey = screen.getByRole('button', { name: 'Sign in with a passkey' }) as HTMLButtonElement;
    await waitFor(() => expect(passkey.disabled).toBe(false));
  });

  it('a submit held before React took over (data-early) is made once it has, with what was typed', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LogIn {...speech} />);
    document.body.append(container);
    const form = container.querySelector('form')!;
    (form.querySelector('[name="username"]') as HTMLInputElement).value = 'not-an-address';
    form.dataset['early'] = '';
    render(<LogIn {...speech} />, { container, hydrate: true });
    // The island's own handler ran on what was typed: its rule answers for the e-mail field.
    expect(await screen.findByText(/valid e-mail address|E-mail address/i, { selector: '.field__error' })).toBeTruthy();
    expect(form.dataset['early']).toBeUndefined();
  });

  it('hydrates without a mismatch, and the rule loads with the first submit', async () => {
    const problems = hydrated();
    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.submit(button.closest('form')!);
    // The form's rule (zod, in log-in-actions.ts) was not loaded before: its messages appear once it is.
    expect(await screen.findByText(/E-mail address/, { selector: '.field__error' })).toBeTruthy();
    expect(problems).toEqual([]);
  });
});
