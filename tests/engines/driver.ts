import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { freePort } from '../setup/free-port.ts';

/**
 * The few things a journey does in a browser, the same in every engine: open a page, fill a field by
 * its label, tick a choice, press a button or link by its name, wait for text. The page is found as a
 * person finds it (labels and names, not CSS), by one function run inside the page in both engines.
 * Each engine's driver library is behind it (docs/decisions/046-webkit-and-firefox.md).
 */
export interface EnginePage {
  readonly engine: 'webkit' | 'firefox';
  /** Opens a page and waits for it to settle (wherever a guard or redirect then takes it). */
  goto(path: string): Promise<void>;
  fill(label: string, value: string): Promise<void>;
  check(label: string): Promise<void>;
  click(name: string): Promise<void>;
  /** Waits until the page shows this text (a visible heading, message or figure). */
  see(text: string | RegExp): Promise<void>;
  /** Waits until the page's address has this path (after a link, a redirect or a form). */
  at(path: string): Promise<void>;
  /** Waits until the page, wherever it is, is loaded and its first islands awake. */
  settled(): Promise<void>;
  /** Page errors, console errors and policy violations the page saw since the last call. */
  problems(): Promise<string[]>;
  /** Runs a function in the page, as the page's own script would. */
  run(fn: () => void): Promise<void>;
  /** Runs a function in the page and answers what it returned (a measure of the page: plain data). */
  read<T>(fn: () => T): Promise<T>;
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface Engine {
  name: 'webkit' | 'firefox';
  /** How this engine's user agent is told apart in the sandbox's policy reports. */
  userAgent: RegExp;
  open(baseURL: string): Promise<EnginePage>;
  stop(): Promise<void>;
}

const WAIT_MS = 15_000;
const POLL_MS = 100;

/** The element a person would use: a field by its label, an action (button, link) by its name, or a heading. */
function findInPage(kind: 'field' | 'choice' | 'action' | 'heading', name: string): Element | null {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const shown = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const nameOf = (e: Element) =>
    norm(e.getAttribute('aria-label')) || norm((e as HTMLElement).innerText) || norm((e as HTMLInputElement).value);
  /**
   * Whether a person could press it now: still (no transition of it or what holds it, as a banner
   * sliding in), on the screen (else it is scrolled there, and asked again on the next look) and
   * not covered (a banner sliding away on a slow machine still lies over it for a moment).
   */
  const ready = (e: Element) => {
    for (let at: Element | null = e; at; at = at.parentElement)
      if (at.getAnimations().some((a) => a.playState === 'running')) return false;
    const box = e.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
      e.scrollIntoView({ block: 'center' });
      return false;
    }
    const above = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !above || e.contains(above) || (above instanceof HTMLLabelElement && above.control === e);
  };
  if (kind === 'field' || kind === 'choice') {
    for (const label of Array.from(document.querySelectorAll('label'))) {
      if (norm(label.innerText || label.textContent) !== name) continue;
      const control = label.control;
      if (!control) continue;
      // A styled choice hides its input: the label is what a person presses.
      const target = kind === 'choice' && !shown(control) ? label : control;
      if (shown(target)) return ready(target) ? target : null;
    }
    return (
      Array.from(document.querySelectorAll('input, select, textarea')).find(
        (e) => norm(e.getAttribute('aria-label')) === name && shown(e),
      ) ?? null
    );
  }
  const selector = kind === 'action' ? 'a[href], button, input[type=submit], [role=button]' : 'h1, h2, h3, h4';
  const found = Array.from(document.querySelectorAll(selector)).find((e) => shown(e) && nameOf(e) === name);
  return found && ready(found) ? found : null;
}

/**
 * Whether the page is ready for a person: loaded, and its islands that wake at once or when the
 * browser is idle awake (Astro drops an island's `ssr` mark when it hydrates). Moving on before
 * that cancels the page's own module loads, which some engines then report as errors.
 */
function pageSettled(path: string | null): boolean {
  return (
    (path === null || location.pathname === path) &&
    document.readyState === 'complete' &&
    !document.querySelector('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]')
  );
}

/** Whether the page shows the text (a RegExp travels as its source and flags). */
function pageShows(source: string, flags: string | null): boolean {
  const text = document.body?.innerText ?? '';
  return flags === null ? text.includes(source) : new RegExp(source, flags).test(text);
}

/**
 * What the page saw, kept in the page: uncaught errors, rejected promises, console errors and
 * policy violations. WebKit's driver has no log of its own, so this is put in after each load (the
 * sandbox's policy reports cover what came before).
 */
function watchPage(): void {
  const w = window as unknown as { __engineProblems?: string[] };
  if (w.__engineProblems) return;
  const seen: string[] = (w.__engineProblems = []);
  const where = () => location.pathname;
  addEventListener('error', (e) => seen.push(`page error on ${where()}: ${e.message}`));
  addEventListener('unhandledrejection', (e) => seen.push(`unhandled rejection on ${where()}: ${String(e.reason)}`));
  document.addEventListener('securitypolicyviolation', (e) =>
    seen.push(`policy violation on ${where()}: ${e.effectiveDirective} ${e.blockedURI}`),
  );
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    seen.push(`console error on ${where()}: ${args.map(String).join(' ')}`);
    error(...args);
  };
}

function takeProblems(): string[] {
  const w = window as unknown as { __engineProblems?: string[] };
  return w.__engineProblems ? w.__engineProblems.splice(0) : [];
}

/** Where the page is and what it still waits for: said when a wait runs out. */
function pageState(): string {
  const asleep = Array.from(document.querySelectorAll('astro-island[ssr]')).map(
    (i) => `${i.getAttribute('component-url')?.split('/').pop()} (${i.getAttribute('client')})`,
  );
  return `at ${location.pathname}, ${document.readyState}, from ${document.referrer || 'nowhere'}, cookies ${document.cookie
    .split('; ')
    .map((c) => c.split('=')[0])
    .join(' ')}${asleep.length ? `, islands asleep: ${asleep.join(', ')}` : ''}`;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  state?: () => Promise<string>,
): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = await probe().catch(() => null);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`waited ${WAIT_MS / 1000} s for ${what}${state ? ` (${await state().catch(() => '?')})` : ''}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const textArgs = (text: string | RegExp): [string, string | null] =>
  typeof text === 'string' ? [text, null] : [text.source, text.flags];

/** What a journey's page needs of an engine's driver; enginePage builds the rest once for both. */
interface Driven {
  engine: EnginePage['engine'];
  /** Runs a function in the page with JSON arguments and answers its result. */
  run<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T>;
  /** The element findInPage answers, as the driver presses and types into it. */
  element(
    kind: Parameters<typeof findInPage>[0],
    name: string,
  ): Promise<{ click(): Promise<void>; type(value: string): Promise<void> } | null>;
  navigate(url: string): Promise<void>;
  /** Before a step that may leave the page: keep what the page saw. */
  keep(): Promise<void>;
  /** After a step that may load a page: watch it, where the driver cannot (WebKit). */
  watch(): Promise<void>;
  /** What the page saw, kept. */
  seen: string[];
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

function enginePage(baseURL: string, d: Driven): EnginePage {
  const wait = async (what: string, probe: () => Promise<unknown>) => {
    await until(what, probe, () => d.run(pageState));
  };
  const find = (kind: Parameters<typeof findInPage>[0], name: string) =>
    until(`${kind} “${name}”`, async () => {
      await d.watch();
      return d.element(kind, name);
    });
  const tab: EnginePage = {
    engine: d.engine,
    async goto(path) {
      await d.keep();
      await d.navigate(new URL(path, baseURL).href);
      await d.watch();
      await tab.settled();
    },
    async fill(label, value) {
      await (await find('field', label)).type(value);
    },
    async check(label) {
      await (await find('choice', label)).click();
    },
    async click(name) {
      const target = await find('action', name);
      await d.keep();
      await target.click();
      await d.watch();
    },
    see: (text) =>
      wait(`the text “${String(text)}”`, async () => {
        await d.watch();
        return d.run(pageShows, ...textArgs(text));
      }),
    at: (path) => wait(`the page ${path}, settled`, () => d.run(pageSettled, path)),
    settled: () => wait('the page to settle', () => d.run(pageSettled, null)),
    async problems() {
      await d.keep();
      return d.seen.splice(0);
    },
    run: async (fn) => {
      await d.run(fn);
    },
    read: (fn) => d.run(fn),
    screenshot: () => d.screenshot(),
    close: () => d.close(),
  };
  return tab;
}

// ——— WebKit: WebKitGTK's MiniBrowser through its WebDriver (classic), under a virtual display ———

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** A display of its own (Xvfb picks a free number), as wide as the window the journeys want. */
async function virtualDisplay(width: number, height: number): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const [chunk] = (await Promise.race([
    once(xvfb.stdio[3]!, 'data'),
    once(xvfb, 'exit').then(() => {
      throw new Error('Xvfb did not start (Debian: xvfb)');
    }),
  ])) as [Buffer];
  return { display: `:${chunk.toString().trim()}`, process: xvfb };
}

export async function webkit(viewport: { width: number; height: number }): Promise<Engine> {
  const screen = await virtualDisplay(viewport.width, viewport.height);
  const port = await freePort();
  const service = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: screen.display },
    stdio: 'ignore',
  });
  const stopAll = async () => {
    service.kill();
    screen.process.kill();
  };
  await until(
    'WebKitWebDriver (Debian: webkit2gtk-driver)',
    async () => (await fetch(`http://127.0.0.1:${port}/status`)).ok,
  );
  return {
    name: 'webkit',
    userAgent: /AppleWebKit(?!.*(Chrome|Firefox))/,
    stop: stopAll,
    async open(baseURL) {
      const driver: WebDriver = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: 'MiniBrowser',
          // Full screen on a display the journey's size: no toolbar, so the page is exactly that wide.
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
        })
        .build();
      await driver
        .manage()
        .window()
        .setRect({ x: 0, y: 0, ...viewport });
      const seen: string[] = [];
      const run = async <T>(fn: (...args: never[]) => T, ...args: unknown[]) =>
        (await driver.executeScript(fn as () => T, ...args)) as T;
      return enginePage(baseURL, {
        engine: 'webkit',
        run,
        async element(kind, name) {
          const found = await run<WebElement | null>(findInPage as never, kind, name);
          return found && { click: () => found.click(), type: (value) => found.sendKeys(value) };
        },
        navigate: (url) => driver.get(url),
        keep: async () => {
          seen.push(...(await run(takeProblems).catch(() => [])));
        },
        watch: () => run(watchPage).catch(() => undefined),
        seen,
        screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
        close: () => driver.quit(),
      });
    },
  };
}

// ——— Firefox: Debian's Firefox ESR through WebDriver BiDi (puppeteer-core) ———

export async function firefox(viewport: { width: number; height: number }): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr',
    headless: true,
    // Firefox asks Mozilla's hosts for updates and safe-browsing lists, which this network refuses.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'network.captive-portal-service.enabled': false,
    },
  });
  return {
    name: 'firefox',
    userAgent: /Firefox\//,
    stop: () => browser.close(),
    async open(baseURL) {
      const context = await browser.createBrowserContext();
      const page: Page = await context.newPage();
      await page.setViewport(viewport);
      const seen: string[] = [];
      // Firefox tells its driver everything, from the document's first byte: uncaught errors, console
      // errors, and policy violations (as errors, "Content-Security-Policy: …").
      const where = () => new URL(page.url()).pathname;
      page.on('pageerror', (error) => seen.push(`page error on ${where()}: ${(error as Error).message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') seen.push(`console error on ${where()}: ${message.text()}`);
      });
      const run = async <T>(fn: (...args: never[]) => T, ...args: unknown[]) =>
        (await page.evaluate(fn as (...a: unknown[]) => T, ...args)) as T;
      return enginePage(baseURL, {
        engine: 'firefox',
        run,
        async element(kind, name) {
          const found = (
            await page.evaluateHandle(findInPage, kind, name)
          ).asElement() as ElementHandle<Element> | null;
          return found && { click: () => found.click(), type: (value) => found.type(value) };
        },
        navigate: async (url) => {
          await page.goto(url);
        },
        // Firefox's events say it all (above): nothing to gather from the page. A person moves on
        // once the page has its data: a read still under way when the page is left is cancelled,
        // and Firefox reports the cancelled read (through the service worker) as the page's error.
        keep: async () => {
          await page.waitForNetworkIdle({ idleTime: 150, timeout: 10_000 }).catch(() => undefined);
        },
        watch: async () => undefined,
        seen,
        screenshot: async () => Buffer.from(await page.screenshot()),
        close: () => context.close(),
      });
    },
  };
}
