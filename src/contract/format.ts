const euroFormat = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** Cents to a euro amount, e.g. 1299 → "€12.99" (browser screens and server e-mails say it alike). */
export function euro(cents: number): string {
  return euroFormat.format(cents / 100);
}
