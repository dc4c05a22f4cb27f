import { describe, expect, it } from 'vitest';
import { cleanFilename, sizeText, sniffType } from './attachments.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('an attachment’s type is what its content shows', () => {
  it('the five we take', () => {
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffType(bytes('GIF89a...'))).toBe('image/gif');
    expect(sniffType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(bytes('%PDF-1.4\n'))).toBe('application/pdf');
  });
  it('anything else, whatever it would be called: a page, a program, an SVG, a RIFF that is not WebP, too short', () => {
    expect(sniffType(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffType(bytes('MZ', [0x90, 0]))).toBeNull();
    expect(sniffType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffType(bytes([0xff, 0xd8]))).toBeNull();
  });
});

it('a file name keeps no path, no control or format characters, no quotes, at most 120 characters', () => {
  expect(cleanFilename('C:\\Users\\me\\bill.pdf', 'application/pdf')).toBe('bill.pdf');
  expect(cleanFilename('../../etc/"passwd"\r\n.png', 'image/png')).toBe('passwd.png');
  expect(cleanFilename('x'.repeat(300), 'image/png')).toHaveLength(120);
  expect(cleanFilename('x'.repeat(300), 'image/png').endsWith('.png')).toBe(true);
  expect(cleanFilename(undefined, 'application/pdf')).toBe('attachment.pdf');
  expect(cleanFilename('   ', 'image/gif')).toBe('attachment.gif');
});

it('a file name tells the truth: the extension of the type its bytes show, no right-to-left tricks, no dots only', () => {
  expect(cleanFilename('report.html', 'image/gif')).toBe('report.gif');
  expect(cleanFilename('invoice\u202efdp.exe', 'application/pdf')).toBe('invoicefdp.pdf');
  expect(cleanFilename('scan\u200b\u2066.pdf\u2069', 'application/pdf')).toBe('scan.pdf');
  expect(cleanFilename('..', 'image/png')).toBe('attachment.png');
  expect(cleanFilename('...', 'image/png')).toBe('attachment.png');
  expect(cleanFilename('.htaccess', 'image/png')).toBe('htaccess.png');
  expect(cleanFilename('photo.', 'image/jpeg')).toBe('photo.jpg');
  expect(cleanFilename('holiday.JPEG', 'image/jpeg')).toBe('holiday.JPEG'.slice(0, 7) + '.jpeg');
  expect(cleanFilename('bill.pdf', 'image/png')).toBe('bill.png');
  expect(cleanFilename('no extension', 'image/webp')).toBe('no extension.webp');
});

it('sizes as a person reads them', () => {
  expect(sizeText(200)).toBe('1 KB');
  expect(sizeText(340 * 1024)).toBe('340 KB');
  expect(sizeText(1.25 * 1024 * 1024)).toBe('1.3 MB');
});
