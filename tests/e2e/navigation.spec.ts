import { expect, test, type Page } from '@playwright/test';

// The spec's visitor menu (section 2 "Navigation bar"), section by section.
const visitorMenu: Record<string, string[]> = {
  'Why Choose Us': ['/about-us', '/benefits', '/memberships', '/recruit-and-reward', '/need-a-device'],
  'Start Using': [
    '/sign-up?fromStore=false',
    '/sign-up',
    '/my48/memberships',
    '/unlock-your-phone',
    '/my48/settings/move-your-number',
  ],
  'My Account': [
    '/my48/memberships',
    '/my48',
    '/my48/recruit-and-reward',
    '/need-a-device',
    '/help/roaming',
    '/gift-shop',
    '/my48/addons',
    '/my48/settings/reorder-sim',
    'https://apps.apple.com/',
    'https://play.google.com/',
  ],
  'Need Help': ['/help', '/help/roaming', 'https://community.48.ie/', '/contact-us'],
};

const memberDropdowns: Record<string, string[]> = {
  'My Account': ['/my48', '/my48/memberships', '/my48', '/my48/transactions'],
  Help: ['/help', '/help/roaming', 'https://community.48.ie/', '/contact-us'],
  Other: [
    '/my48/recruit-and-reward',
    '/my48/need-a-device',
    '/help/roaming',
    '/my48/memberships/add-credit',
    '/my48/settings/reorder-sim',
    '/my48/addons',
    '/my48/flexi-data',
    '/gift-shop',
    '/',
    'https://apps.apple.com/',
    'https://play.google.com/',
  ],
};

async function hrefsOf(page: Page, listId: string): Promise<string[]> {
  return page.locator(`#${listId} a`).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

function expectHrefs(actual: string[], expected: string[]) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((href, i) => {
    if (href.startsWith('https://')) expect(actual[i]).toContain(href);
    else expect(actual[i]).toBe(href);
  });
}

async function signIn(page: Page) {
  const { hostname } = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url());
  await page.context().addCookies([{ name: 'authCode', value: 'token', domain: hostname, path: '/' }]);
}

test.describe('desktop navigation', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 992, 'desktop menu');

  test('a visitor sees the four dropdowns with every link of the spec, and Sign in', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const [title, expected] of Object.entries(visitorMenu)) {
      const toggle = nav.getByRole('button', { name: title });
      await expect(toggle).toBeVisible();
      expectHrefs(await hrefsOf(page, (await toggle.getAttribute('aria-controls'))!), expected);
    }
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/log-in');
    await expect(page.getByRole('link', { name: 'Sign out' })).toHaveCount(0);
  });

  test('with an authCode cookie the signed-in menu and Sign out show, with no visitor menu', async ({ page }) => {
    await signIn(page);
    await page.goto('/help');
    const nav = page.getByRole('navigation', { name: 'My account', exact: true });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    for (const [title, expected] of Object.entries(memberDropdowns)) {
      const toggle = nav.getByRole('button', { name: title, exact: true });
      expectHrefs(await hrefsOf(page, (await toggle.getAttribute('aria-controls'))!), expected);
    }
    await expect(nav.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/my48/settings');
    await expect(nav.getByRole('link', { name: 'Buy Plan' })).toHaveAttribute('href', '/my48/memberships');
    await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/log-out');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });

  test('a dropdown opens on Enter, Space and ArrowDown and closes on Escape', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Start Using' });
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    for (const key of ['Enter', ' ', 'ArrowDown']) {
      await toggle.focus();
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link', { name: 'Order free SIM' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(panel.getByRole('link', { name: 'Activate SIM' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();
    }
  });

  test('a dropdown opens on hover and closes when the mouse leaves', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Need Help' });
    await toggle.hover();
    await expect(page.getByRole('link', { name: 'Contact Us' }).first()).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).hover();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a mouse click opens a dropdown, its links work, and a second click closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Why Choose Us' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const benefits = page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'Benefits' });
    await expect(benefits).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(benefits).toBeHidden();
    await toggle.click();
    await benefits.click();
    await expect(page).toHaveURL(/\/benefits$/);
  });

  test('tabbing out of an open dropdown closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Need Help' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('mobile navigation', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 992, 'mobile menu');

  test('the hamburger toggles the menu with the mobile section titles', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Why Choose Us' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main (mobile)' });
    for (const title of ['Why Choose Us', 'Start Using', 'My48 Account', 'Need Help']) {
      await expect(nav.getByText(title, { exact: true })).toBeVisible();
    }
    await menu.click();
    await expect(nav).toBeHidden();
  });

  test('navigating from the menu closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Benefits' }).click();
    await expect(page).toHaveURL(/\/benefits$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main (mobile)' })).toBeHidden();
  });

  test('signed in, the mobile menu holds the member sections and Sign out', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'My account (mobile)' });
    await expect(nav.getByText('Other', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Back to the main site' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
  });
});
