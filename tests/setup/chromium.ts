import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, else Debian's Chromium, else Playwright's own browser (undefined). */
export function chromiumPath(): string | undefined {
  if (process.env['CHROMIUM_PATH']) return process.env['CHROMIUM_PATH'];
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

// Without these, Chromium keeps trying to reach Google's hosts, which this network refuses.
export const chromiumArgs = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
