/**
 * CSV as RFC 4180 writes it: fields quoted where they hold a comma, a quote or a line break (a quote
 * doubled), CRLF after every record. `bom` starts the text with U+FEFF, so a spreadsheet opens it as
 * UTF-8 ("€" and "é" intact).
 */
export function csvText(head: readonly string[], rows: readonly (readonly unknown[])[], { bom = false } = {}): string {
  const field = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const text = [head, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
  return bom ? `\uFEFF${text}` : text;
}

/**
 * A text a spreadsheet must not run as a formula (OWASP's CSV injection): one that starts with
 * =, +, -, @, a tab or a carriage return is kept as text by a leading apostrophe. Numbers are not
 * passed through this (a negative amount stays a number).
 */
export const inertText = (s: string): string => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
