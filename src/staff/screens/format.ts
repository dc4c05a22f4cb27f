import { irishFormat } from '../../contract/irish-time.ts';

const at = irishFormat({ dateStyle: 'medium', timeStyle: 'short' });
/** An instant as the console shows it, in Irish time. */
export const when = (iso: string | null | undefined) => (iso ? at.format(new Date(iso)) : '—');
export { euro } from '../../contract/format.ts';
