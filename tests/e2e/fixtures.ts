import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { necessaryOnly } from './consent-cookie.ts';
import { MEMBER_CACHE } from '../../src/lib/offline-names.ts';
import { COOKIE_LIFETIME_DAYS } from '../../src/lib/auth-code.ts';
import { encryptSessionValue } from '../../src/lib/session-cookies.ts';
import { CONSENT_COOKIE } from '../../src/lib/consent.ts';
import { PHONE, runsAtOneWidth } from './widths.ts';

export const DEMO_PASSWORD = 'Demo-48-pass';

/**
 * Signs a member in through the API, the way the log-in island leaves the browser: the page's
 * own request context calls log-in (so the HttpOnly binding cookie and XSRF-TOKEN land in the
 * browser), then the authCode cookie and the member's cookies encrypted under it are set as
 * lib/member-session.ts sets them. Tests of the log-in itself go through the form (logIn).
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ userId: number }> {
  const res = await page.request.post('/panda/public/users/current', { data: { username: email, password } });
  expect(res.status(), `log-in of ${email}`).toBe(200);
  const token = res.headers()['x-gg-auth']!;
  const account = (
    (await res.json()) as {
      _payload: {
        account: {
          user_id: number;
          firstname: string;
          lastname: string;
          is_verified: boolean;
          is_password_compliant: boolean;
          role: { rolename: string };
        };
      };
    }
  )._payload.account;
  const plain: Record<string, string> = {
    userId: String(account.user_id),
    isCompliant: String(account.is_password_compliant),
    rolename: account.role.rolename,
    userEmail: email,
    zendeskUserName: `${account.firstname} ${account.lastname}`.trim(),
    ...(account.is_verified ? {} : { signupVerification: 'true' }),
  };
  const url = new URL(page.url().startsWith('http') ? page.url() : res.url()).origin;
  const expires = Math.floor(Date.now() / 1000 + COOKIE_LIFETIME_DAYS * 86_400);
  await page.context().addCookies([
    { name: 'authCode', value: token, url, expires, sameSite: 'Lax' },
    ...Object.entries(plain).map(([name, value]) => ({
      name,
      value: encryptSessionValue(value, token),
      url,
      expires,
      sameSite: 'Lax' as const,
    })),
  ]);
  return { userId: account.user_id };
}

/** A member made for one journey by the member factory (src/server/seed/members.ts) on the test server. */
export interface TestMember {
  email: string;
  password: string;
  userId: number;
  /** The id in the member's recruit link (a copy of recruiter@ has one of its own). */
  affiliateId: string | null;
  /** The SIM's serial and number (empty without a SIM). */
  ssn: string;
  msisdn: string;
  /** A household owner's lines, each a member of its own. */
  lines: TestMember[];
}

/**
 * A new member for this journey alone: a copy of a demo member's state (`like`: the part of its
 * e-mail before the @, see docs/trying-it.md) with its own e-mail, SIM and number, and the demo
 * password; `spec` adds to that state. No journey writes to a member another journey reads.
 */
export async function makeMember(
  request: APIRequestContext,
  like?: string,
  spec?: Record<string, unknown>,
): Promise<TestMember> {
  const res = await request.post('/sandbox/test-members', {
    data: { ...(like ? { like } : {}), ...(spec ? { spec } : {}) },
  });
  expect(res.status(), `a member like ${like ?? 'none'}`).toBe(201);
  return (await res.json()) as TestMember;
}

/** A mobile number as the portal shows it: 0871000030 → 087 100 0030. */
export const spaced = (msisdn: string) => `${msisdn.slice(0, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6)}`;

/**
 * Playwright's test with `member(like)`: a new member made for the journey; `signIn(like)`: one
 * made and signed in through the API, the page ready to open my48; `openAs(like, path)`: the same,
 * then that page opened.
 */
export const test = base.extend<{
  member: (like?: string, spec?: Record<string, unknown>) => Promise<TestMember>;
  signIn: (like: string, spec?: Record<string, unknown>) => Promise<TestMember>;
  openAs: (like: string, path: string, spec?: Record<string, unknown>) => Promise<TestMember>;
  pageHealth: void;
}>({
  /**
   * Every journey fails on an uncaught error in its page, and on a Content-Security-Policy violation
   * Chromium reported to the sandbox's collector while it ran (one read at the end: reports may be
   * blamed on a journey that ran beside the one that caused them, never missed by all). Console
   * errors are checked by the journeys that submit forms and open pages under the policy,
   * routes.spec.ts and log-in.spec.ts: listening to every console message in every journey cost 13 %
   * of the browser stage, measured.
   */
  pageHealth: [
    async ({ page, request }, use) => {
      const started = new Date();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
      await use();
      const reports = (await (await request.get('/sandbox/csp-reports.json')).json()) as {
        _payload: { violations: { at: string; page: string; directive: string; blocked: string; userAgent: string }[] };
      };
      for (const v of reports._payload.violations)
        if (/Chrome\//.test(v.userAgent) && new Date(v.at) >= started)
          problems.push(`policy report from ${v.page}: ${v.directive} ${v.blocked}`);
      expect(problems, 'page errors and policy violations').toEqual([]);
    },
    { auto: true },
  ],
  member: async ({ request }, use) => {
    await use((like, spec) => makeMember(request, like, spec));
  },
  signIn: async ({ page, request }, use) => {
    await use(async (like, spec) => {
      const m = await makeMember(request, like, spec);
      await signInThroughApi(page, m.email, m.password);
      return m;
    });
  },
  openAs: async ({ page, signIn }, use) => {
    await use(async (like, path, spec) => {
      const m = await signIn(like, spec);
      const language = typeof spec?.language === 'string' ? spec.language : 'en';
      const at = new URL(path, 'http://x').pathname;
      if (language === 'en' || at.startsWith(`/${language}/`)) {
        await page.goto(path);
        return m;
      }
      // The member's language is kept as their choice: the English page opens theirs from its head, which
      // may cut the first navigation short (or let it end first); the journey starts on the page in theirs.
      await page.goto(path, { waitUntil: 'commit' }).catch((error: unknown) => {
        if (!/ABORTED|interrupted/i.test(String(error))) throw error;
      });
      await page.waitForURL((url) => url.pathname === `/${language}${at}`);
      return m;
    });
  },
});

/** Logs in through the form, as a member does; the caller asserts where it leads. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/log-in'): Promise<void> {
  if (path) await page.goto(path);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** An address no other test (or width) uses. */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/** The newest mail to an address, from the sandbox outbox (waits for it to arrive). */
export async function latestMail(request: APIRequestContext, to: string): Promise<{ subject: string; body: string }> {
  let found: { subject: string; body: string } | undefined;
  await expect(async () => {
    const { _payload } = (await (await request.get('/sandbox/mail.json')).json()) as {
      _payload: { values: { to: string; subject: string; body: string }[] };
    };
    found = _payload.values.find((m) => m.to.toLowerCase() === to.toLowerCase());
    expect(found).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/**
 * A step-up code (docs/product/member-controls.md) as a member gets one: the button in `scope` e-mails it,
 * the member reads it in the sandbox mailbox and types it in.
 */
export async function enterStepUpCode(
  page: Page,
  request: APIRequestContext,
  email: string,
  scope: Locator = page.locator('main'),
): Promise<void> {
  await scope.getByRole('button', { name: /^(E-mail me a code|Send a new code)$/ }).click();
  await expect(scope.getByRole('status').filter({ hasText: 'We sent a code' })).toBeVisible();
  const mail = await latestMail(request, email);
  const code = /security code is (\d{6})/.exec(mail.body)?.[1];
  expect(code, 'a security code mailed').toBeTruthy();
  await scope.getByLabel('Code from the e-mail').fill(code!);
}

/**
 * axe with the WCAG 2.2 AA and best-practice rules: no violation on what the page shows now, and
 * at the phone width nothing wider than the screen (WCAG 1.4.10 reflow, which axe does not check).
 * `where` names the page in a failure (when one test visits several). In a journey that runs at one
 * width (widths.ts), the same state is then checked at the phone width too, before the journey
 * goes on at its own width.
 */
export async function expectNoAxeViolations(page: Page, where?: string): Promise<void> {
  await checkAtThisWidth(page, where);
  const own = page.viewportSize();
  if (!own || own.width <= PHONE.width || !runsAtOneWidth(test.info().file)) return;
  await page.setViewportSize(PHONE);
  try {
    await checkAtThisWidth(page, `${where ? `${where} ` : ''}at ${PHONE.width} px`);
  } finally {
    await page.setViewportSize(own);
  }
}

async function checkAtThisWidth(page: Page, where?: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  if (width <= PHONE.width)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${where ?? 'the page'}: wider than the screen`,
    ).toBeLessThanOrEqual(width);
  await axeAtThisWidth(page, where);
}

async function axeAtThisWidth(page: Page, where?: string): Promise<void> {
  // From the top: scrolled down, the sticky navbar covers whatever passes under it, which axe's
  // target-size rule reports as obscured links (a reload restores the scroll position).
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Only violations are read: axe then skips describing every passing node (a tenth of its time here).
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n').slice(1, 3).join(' ').trim()})`).join(', ')}`,
    ),
    where,
  ).toEqual([]);
}

/** The cookies in the browser but the consent choice, which every context starts with and log-out keeps (ADR 019). */
export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies())
    .map((c) => c.name)
    .filter((name) => name !== CONSENT_COOKIE)
    .sort();
}

/** Unused SIM cards of the seed (src/server/db/seed.ts spareSsn); each test uses its own. */
export const spareSsn = (n: number) => `8935301000000100${String(n).padStart(3, '0')}`;
/** The number each of those cards carries (src/server/seed/seed.ts spareMsisdn). */
export const spareMsisdn = (n: number) => `0872000${String(n).padStart(3, '0')}`;

/** A SIM order's name and address (AddressFields): in Galway, with the Eircode when given. */
export async function fillAddress(page: Page, first: string, last: string, at: { line1: string; eircode?: string }) {
  await page.getByLabel(/first name/i).fill(first);
  await page.getByLabel(/last name/i).fill(last);
  await page.getByLabel('Address line 1').fill(at.line1);
  await page.getByLabel('Town or city').fill('Galway');
  await page.getByLabel('County').selectOption('Galway');
  if (at.eircode) await page.getByLabel(/Eircode/).fill(at.eircode);
}

/** On /payment-gateway/: the billing address and a sandbox test card, then Pay (or Save card). */
export async function payByCard(page: Page, card: string) {
  await expect(page).toHaveURL(/\/payment-gateway\/\?checkout=/);
  await expect(page.getByText('*A valid address is required to authenticate payment')).toBeVisible();
  await expect(page.getByText('Test payment: no real card is charged.')).toBeVisible();
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByLabel('Town or city').fill('Cork');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Test Member');
  await page.getByRole('button', { name: /^(Pay €|Save card)/ }).click();
}

/**
 * Goes to a my48 screen by its menu entry: the side menu on a wide screen; on a phone the bottom
 * bar, opening "More" first when the entry is not one of its four tabs.
 */
export async function openMy48(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'my48' });
  // On a phone a tab has its short label (features.ts `tab`).
  const tab = { Dashboard: 'Home', Memberships: 'Plans' }[name] ?? name;
  const link = nav.getByRole('link', { name, exact: true }).or(nav.getByRole('link', { name: tab, exact: true }));
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'More' }).click();
  await link.click();
}

/** Waits until the worker controls the page and keeps the dashboard's reads (it took over on this first visit). */
export async function workerKeepsFigures(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (name) => {
          if (!navigator.serviceWorker.controller) return 0;
          if (!(await caches.has(name))) return 0;
          return (await (await caches.open(name)).keys()).length;
        }, MEMBER_CACHE),
      { message: 'the worker keeps SIMs owned, the balance summary and the notifications', timeout: 15_000 },
    )
    .toBe(3);
}

/** A session of the API alone (its own cookie jar, so the page's session is untouched). */
export async function apiSession(request: APIRequestContext, email: string) {
  const res = await request.post('/panda/public/users/current', { data: { username: email, password: DEMO_PASSWORD } });
  const userId = (await res.json())._payload.account.user_id as number;
  return { userId, headers: { 'x-gg-auth': res.headers()['x-gg-auth']!, 'x-gg-transaction': 'e2e' } };
}

/**
 * A member made for the journey (a copy of the demo member `like`, or one given), signed in through
 * the API (the log-in form has its own tests in log-in.spec.ts), then my48's dashboard opened.
 */
export async function openDashboard(page: Page, like: string | TestMember): Promise<TestMember> {
  const m = typeof like === 'string' ? await makeMember(page.request, like) : like;
  await signInThroughApi(page, m.email, m.password);
  await page.goto('/my48');
  await expect(page.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
  return m;
}

const STAFF_PASSWORD = 'Demo-48-staff';

/** A person of 48 signed in to the staff console at the sandbox's identity provider, in a browser context of their own. */
export async function staffPage(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: necessaryOnly() });
  const page = await context.newPage();
  await page.goto('/staff');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: '48 staff sign-in' })).toBeVisible();
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Work queues' })).toBeVisible();
  return page;
}
