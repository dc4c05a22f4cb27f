import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $me, $said, approveFile, downloadFile, enterReturn, fileSent, makeFile, refunds } from '../console-store.ts';
import { euro, when } from './format.ts';
import { TableHead } from '../../components/TableHead.tsx';

/** Credit back by bank transfer: the day's SEPA file made by one person of finance, approved by another, then sent. */
export function RefundsScreen() {
  const state = useStore(refunds.$state);
  const said = useStore($said);
  const me = useStore($me);
  useEffect(() => void refunds.load(), []);
  const myName = me.status === 'in' ? me.me.name : '';
  const busy = said.busy !== undefined;
  return (
    <>
      <h1 tabIndex={-1}>Refund files</h1>
      {state.status === 'error' && <p role="alert">{state.error}</p>}
      {!state.data ? (
        <p role="status">Loading the transfers…</p>
      ) : (
        <>
          <div className="card">
            <p>
              {state.data.waiting} {state.data.waiting === 1 ? 'transfer waits' : 'transfers wait'} for a file (
              {euro(state.data.waiting_cents)}). A file is made each day from 06:00; it can be made now. Another person
              of finance approves it before it goes to the bank.
            </p>
            {state.data.can_make ? (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void makeFile()}>
                Make a file of the waiting transfers now
              </button>
            ) : (
              <p>No paying account is set (REFUND_DEBTOR_*): no file can be made.</p>
            )}
          </div>
          <div className="table-wrap" role="region" aria-labelledby="files-caption" tabIndex={0}>
            <table className="cards">
              <caption id="files-caption">The latest SEPA credit-transfer files, newest first</caption>
              <TableHead columns={['File', 'Made', 'Approved', 'Sent']} />
              <tbody>
                {state.data.files.length === 0 && (
                  <tr>
                    <td colSpan={4}>No file yet.</td>
                  </tr>
                )}
                {state.data.files.map((f) => (
                  <tr key={f.id}>
                    <td data-label="File">
                      {f.message_id}: {f.payments} {f.payments === 1 ? 'transfer' : 'transfers'}, {euro(f.total_cents)}
                    </td>
                    <td data-label="Made">
                      {when(f.made_at)} by {f.made_by}
                    </td>
                    <td data-label="Approved">
                      {f.approved_at ? (
                        `${when(f.approved_at)} by ${f.approved_by}`
                      ) : f.made_by === myName ? (
                        'Waits for another person'
                      ) : (
                        <button
                          type="button"
                          className="btn btn--primary"
                          disabled={busy}
                          onClick={() => void approveFile(f.id)}
                        >
                          Approve {f.message_id}
                        </button>
                      )}
                    </td>
                    <td data-label="Sent">
                      {f.sent_at ? (
                        when(f.sent_at)
                      ) : f.approved_at ? (
                        <span className="staff__row-actions">
                          <button
                            type="button"
                            className="btn btn--outline"
                            disabled={busy}
                            onClick={() => void downloadFile(f.id)}
                          >
                            Download {f.message_id}
                          </button>
                          <button
                            type="button"
                            className="btn btn--primary"
                            disabled={busy}
                            onClick={() => void fileSent(f.id)}
                          >
                            Mark {f.message_id} sent
                          </button>
                        </span>
                      ) : (
                        'Not yet'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form
            className="form card"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const data = new FormData(e.currentTarget);
              void enterReturn(String(data.get('end_to_end_id') ?? ''), String(data.get('reason') ?? ''));
            }}
          >
            <h2>A transfer the bank returned</h2>
            <label htmlFor="end-to-end">End-to-end id (as in the file, like CB-12-1)</label>
            <input id="end-to-end" name="end_to_end_id" autoComplete="off" required />
            <label htmlFor="return-reason">The bank’s reason</label>
            <input id="return-reason" name="reason" autoComplete="off" maxLength={140} required />
            <button type="submit" className="btn btn--outline" disabled={busy}>
              Enter the return
            </button>
          </form>
        </>
      )}
    </>
  );
}
