import { randomUUID } from 'node:crypto';
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import { ATTACHMENT_MAX_BYTES, type AttachmentType } from '../../../contract/contact.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { ticketAttachments } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { done, refused, type Outcome } from '../../kernel/outcome.ts';

/** An upload no message claimed within this long is removed. */
export const UNCLAIMED_MS = 60 * 60_000;

/**
 * The type a file's first bytes show, of the five we take (images and PDF), or none: what the
 * sender called it or claimed it was does not count, so a page or a program named photo.jpg is
 * refused. Five fixed signatures, so no library: the list is ours, and short.
 */
export function sniffType(bytes: Uint8Array): AttachmentType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (at: number, text: string) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(0, '%PDF-')) return 'application/pdf';
  return null;
}

/** The extension a kept file gets for the type its content showed (and the ones that mean the same). */
const EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/**
 * A name safe to show and to offer back, that tells the truth about the file: no path, no control
 * or format characters (a right-to-left override makes `invoice\u202efdp.exe` read as `invoiceexe.pdf`),
 * no quotes, no name of dots only, at most 120 characters, and the extension of the type its bytes
 * showed (a GIF sent as `report.html` is kept as `report.gif`).
 */
export function cleanFilename(name: string | undefined, type: AttachmentType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control and format characters and quotes out (they would break a header, a line of a mail, or what a reader sees).
  const clean = base
    .replace(/[\p{Cc}\p{Cf}"]/gu, '')
    .trim()
    .replace(/[.\s]+$/, '');
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  const kept = EXTENSIONS[type].includes(extension) ? extension : EXTENSIONS[type][0]!;
  const stem = (dot > 0 ? clean.slice(0, dot) : clean)
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120 - kept.length - 1);
  return `${stem || 'attachment'}.${kept}`;
}

export type UploadRefusal = 'empty' | 'tooBig' | 'notImageOrPdf';

/** Keeps an upload (checked by content and size) until a message claims it; its token is the handle. */
export async function keepUpload(
  db: Queryable,
  clock: Clock,
  file: { name: string | undefined; bytes: Uint8Array },
): Promise<Outcome<{ id: string; filename: string; type: AttachmentType; size: number }, UploadRefusal>> {
  if (file.bytes.length === 0) return refused('empty');
  if (file.bytes.length > ATTACHMENT_MAX_BYTES) return refused('tooBig');
  const type = sniffType(file.bytes);
  if (!type) return refused('notImageOrPdf');
  const token = randomUUID();
  const filename = cleanFilename(file.name, type);
  await db.insert(ticketAttachments).values({
    token,
    filename,
    contentType: type,
    size: file.bytes.length,
    data: Buffer.from(file.bytes),
    createdAt: clock(),
  });
  return done({ id: token, filename, type, size: file.bytes.length });
}

/**
 * Joins uploads to a ticket inside the transaction that opens it: each must be waiting (not
 * claimed, not expired). All or none: a message never goes without an attachment its sender saw.
 */
export async function claimUploads(
  tx: Queryable,
  clock: Clock,
  ticketId: number,
  tokens: readonly string[],
): Promise<{ filename: string; size: number }[] | null> {
  if (tokens.length === 0) return [];
  const since = new Date(clock().getTime() - UNCLAIMED_MS);
  const claimed = await tx
    .update(ticketAttachments)
    .set({ ticketId })
    .where(
      and(
        inArray(ticketAttachments.token, [...new Set(tokens)]),
        isNull(ticketAttachments.ticketId),
        sql`${ticketAttachments.createdAt} >= ${since}`,
      ),
    )
    .returning({ filename: ticketAttachments.filename, size: ticketAttachments.size });
  return claimed.length === new Set(tokens).size ? claimed : null;
}

/** Uploads no message claimed within the hour go (the minute job). */
export async function pruneUploads({ db, clock }: { db: Database; clock: Clock }): Promise<number> {
  const before = new Date(clock().getTime() - UNCLAIMED_MS);
  const gone = await db
    .delete(ticketAttachments)
    .where(and(isNull(ticketAttachments.ticketId), lt(ticketAttachments.createdAt, before)))
    .returning({ id: ticketAttachments.id });
  return gone.length;
}

/** "1.2 MB", "340 KB": a size as a person reads it in a mail. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
