import { atom } from 'nanostores';
import { saveFile } from '../../../lib/download.ts';
import { usageRoutes } from '../../../contract/usage.calls.ts';
import type { Statement, UsageCharts } from '../../../contract/usage.schema.ts';
import { call, errorMessage } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { loader } from '../../../stores/loader.ts';
import type { Metric } from './usage-view.ts';
import { say } from '../../speech.ts';

/** my48 → Usage for one SIM (the key): use by day this period, by month, and money by kind and month. */
export const usageCharts = loader<UsageCharts, string>(
  async (ssn) => (await call(usageRoutes.charts, { params: { user_id: currentUserId() ?? '', ssn } }))._payload,
  () => say('my48.use.loadFailed'),
);

/** Which use the charts show (data, calls, texts) and which bar is chosen in each chart. */
export const $metric = atom<Metric>('data');
export const $chosenDay = atom<string | undefined>(undefined);
export const $chosenMonth = atom<string | undefined>(undefined);
export const $chosenMoneyMonth = atom<string | undefined>(undefined);

/** A statement of a range (the key: from and to, Irish days): the printable page's figures. */
export const statement = loader<Statement, { from: string; to: string }>(
  async (range) =>
    (
      await call(usageRoutes.statement, {
        params: { user_id: currentUserId() ?? '' },
        query: { ...range, format: 'json' },
      })
    )._payload,
  () => say('my48.stmt.failed'),
);

/** The export beside its form: busy, or why it could not be made. */
export const $export = atom<{ busy: boolean; error?: string | undefined }>({ busy: false });

/**
 * Downloads the range's transactions or its use by day as CSV (made by the server: UTF-8 with a
 * byte-order mark, so a spreadsheet opens "€" intact).
 */
export async function downloadCsv(range: { from: string; to: string }, what: 'transactions' | 'use'): Promise<void> {
  $export.set({ busy: true });
  try {
    const answer = await call(usageRoutes.statement, {
      params: { user_id: currentUserId() ?? '' },
      query: { ...range, format: 'csv' },
    });
    const text = answer._payload.csv?.[what] ?? '';
    saveFile(`48-${what}-${range.from}-to-${range.to}.csv`, text, 'text/csv;charset=utf-8');
    $export.set({ busy: false });
  } catch (error) {
    $export.set({ busy: false, error: errorMessage(error, say('my48.use.fileFailed')) });
  }
}
