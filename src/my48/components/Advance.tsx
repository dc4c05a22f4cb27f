import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ActionButton } from '../../components/forms/ActionButton.tsx';
import { ADVANCE_CENTS, ADVANCE_FEE_CENTS, ADVANCE_OWED_CENTS } from '../../contract/advance.calls.ts';
import { euro } from '../../lib/format.ts';
import { $offlineAsOf } from '../../stores/offline.ts';
import { $advanceTake, advance, confirmAdvance, takeAdvance } from '../stores/advance.ts';
import { Dialog } from './Dialog.tsx';
import { say } from '../speech.ts';
import './advance.css';

/**
 * What is owed from a top-up advance, and the offer of one when the SIM may take it (docs/product/lifelines.md):
 * on the dashboard's credit card and on add credit. `explain` says which condition is not met.
 */
export default function Advance({ ssn, explain = false }: { ssn: string; explain?: boolean }) {
  const state = useStore(advance.$state);
  const take = useStore($advanceTake);
  const offline = Boolean(useStore($offlineAsOf));
  useEffect(() => {
    if (!offline) void advance.load(ssn);
  }, [ssn, offline]);
  const a = state.key === ssn ? state.data : undefined;
  return (
    <div className="advance stack">
      {take.notice && (
        <p className="alert alert--success" role="status">
          {take.notice}
        </p>
      )}
      {take.error && (
        <p className="alert alert--error" role="alert">
          {take.error}
        </p>
      )}
      {a && a.owed_cents > 0 && (
        <p className="advance__owed">{say('my48.advance.owed', { amount: euro(a.owed_cents) })}</p>
      )}
      {explain && a && a.owed_cents > 0 && <p className="field__hint">{say('my48.advance.repaysFirst')}</p>}
      {a?.eligible && !offline && (
        <button type="button" className="btn btn--outline" onClick={() => confirmAdvance(true)}>
          {say('my48.advance.offer')}
        </button>
      )}
      {explain && a && !a.eligible && a.owed_cents === 0 && a.message && <p className="field__hint">{a.message}</p>}
      {explain && state.status === 'error' && state.key === ssn && <p className="field__hint">{state.error}</p>}
      {take.confirming && (
        <Dialog
          title={say('my48.advance.ask')}
          onClose={() => confirmAdvance(false)}
          actions={
            <>
              <ActionButton
                tone="primary"
                busy={take.busy}
                busyLabel={say('my48.advance.adding')}
                onClick={() => void takeAdvance(ssn)}
              >
                {say('my48.advance.getNow', { amount: euro(ADVANCE_CENTS) })}
              </ActionButton>
              <button type="button" className="btn btn--outline" onClick={() => confirmAdvance(false)}>
                {say('my48.cancel')}
              </button>
            </>
          }
        >
          <p>
            {say('my48.advance.terms', {
              amount: euro(ADVANCE_CENTS),
              fee: euro(ADVANCE_FEE_CENTS),
              owed: euro(ADVANCE_OWED_CENTS),
            })}
          </p>
          <p>{say('my48.advance.repayment')}</p>
        </Dialog>
      )}
    </div>
  );
}
