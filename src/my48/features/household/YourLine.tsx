import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { SentCodeField } from '../../../components/forms/KindFields.tsx';
import { formatMsisdn } from '../../../lib/format.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { $account } from '../../stores/account.ts';
import {
  $leaving,
  $said,
  acceptForm,
  askLeaveForm,
  declineForm,
  leaveForm,
  membership,
  showLineRequests,
} from './your-line-store.ts';
import { LineControls } from './LineControls.tsx';
import { lineControls } from './line-controls-store.ts';
import { AskHousehold } from './Requests.tsx';

const number = (msisdn: string | null) => (msisdn ? formatMsisdn(msisdn) : 'your number');

/** Settings → Household, a line's own view: answer an invitation with the mailed code, or see whose household a line is in and leave. */
export default function YourLine() {
  const state = useStore(membership.$state);
  const { sim } = useStore($account);
  // Marked under 18 as the line's controls last said (answered on this screen) or as the household read did.
  const controls = useStore(lineControls.$state);
  const under18 = (l: { ssn: string; under_18: boolean }) =>
    controls.key === l.ssn && controls.data ? controls.data.under_18 === 'accepted' : l.under_18;
  const accept = useStore(acceptForm.$state);
  const decline = useStore(declineForm.$state);
  const leave = useStore(leaveForm.$state);
  const askLeave = useStore(askLeaveForm.$state);
  const said = useStore($said);
  const leaving = useStore($leaving);
  useEffect(() => {
    showLineRequests();
    void membership.load();
    return () => {
      $said.set(undefined);
      $leaving.set(undefined);
      for (const f of [acceptForm, declineForm, leaveForm, askLeaveForm]) f.reset();
    };
  }, []);
  if (state.status === 'error' && !state.data)
    return <LoadFailed error={state.error} retry={state.retryable ? () => void membership.retry() : undefined} />;
  const h = state.data;
  if (!h)
    return (
      <p role="status" className="loading-line">
        Loading your household…
      </p>
    );
  return (
    <div className="stack">
      {said && <FormAlert tone="success">{said}</FormAlert>}
      {h.received.map((i) => (
        <section key={i.id} className="card stack" aria-labelledby={`invitation-${i.id}`}>
          <h3 id={`invitation-${i.id}`}>{`${i.owner_name} invites ${number(i.msisdn)} to their household`}</h3>
          <p>
            The owner of a household sees your line's credit, data left and membership dates (never your transactions,
            messages or details), can buy memberships and credit for it, and can set a monthly limit on what you pay by
            card. You can leave at any time.
          </p>
          <form
            className="form"
            noValidate
            onSubmit={acceptForm.onSubmit}
            aria-label={`Join ${i.owner_name}'s household`}
          >
            <input type="hidden" name="id" value={i.id} />
            <FormAlert>{accept.error}</FormAlert>
            <SentCodeField
              label="Code from the e-mail"
              length={6}
              hint="The 6-digit code we e-mailed you. It works for 10 minutes."
              fields={accept.fields}
            />
            <div className="actions">
              <SubmitButton busy={accept.busy} busyLabel={accept.busyLabel ?? ''}>
                Join the household
              </SubmitButton>
              <button
                type="button"
                className="btn btn--outline"
                disabled={decline.busy}
                onClick={() => void declineForm.submit({ id: String(i.id) })}
              >
                {decline.busy ? (decline.busyLabel ?? '') : 'Decline'}
              </button>
            </div>
            <FormAlert>{decline.error}</FormAlert>
          </form>
        </section>
      ))}
      {h.role === 'line' && h.owner && (
        <section className="card stack" aria-labelledby="household-line-title">
          <h3 id="household-line-title">{`You're in ${h.owner.name}'s household`}</h3>
          <p>{`${h.owner.name} (${h.owner.email}) sees the credit, data left and membership dates of your line, can buy memberships and credit for it, pause it, set its filters, and set a monthly limit on what you pay by card. Not your calls, transactions, messages or details.`}</p>
          {h.manager && (
            <p>
              {'You are a manager of the household: '}
              <a href="/my48/household">run its other lines</a>.
            </p>
          )}
          <ul>
            {h.my_lines.map((l) => (
              <li key={l.ssn} className="household__invitation">
                <span>{`Line ${number(l.msisdn)}`}</span>
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={() => {
                    leaveForm.reset();
                    askLeaveForm.reset();
                    $leaving.set(l.ssn);
                  }}
                >
                  {under18(l) ? 'Ask to leave the household' : 'Leave the household'}
                </button>
              </li>
            ))}
          </ul>
          {h.my_lines[0] && (
            <AskHousehold
              ssn={h.my_lines[0].ssn}
              owner={h.owner.name}
              requests={h.requests}
              most={h.open_requests_per_line}
            />
          )}
          {h.my_lines[0] && <LineControls ssn={h.my_lines[0].ssn} />}
        </section>
      )}
      {leaving && h.my_lines.some((l) => l.ssn === leaving && under18(l)) && (
        <Dialog
          title="Ask to leave the household?"
          onClose={() => $leaving.set(undefined)}
          actions={
            <button type="button" className="btn btn--outline" onClick={() => $leaving.set(undefined)}>
              Stay
            </button>
          }
        >
          <form className="form" noValidate onSubmit={askLeaveForm.onSubmit} aria-label="Ask to leave the household">
            <FormAlert>{askLeave.error}</FormAlert>
            <p>{`Your line is marked under 18, so it leaves when ${h.owner?.name ?? 'the owner'} or a manager agrees. Until then its filters and bars stay as they are.`}</p>
            <SubmitButton busy={askLeave.busy} busyLabel={askLeave.busyLabel ?? ''}>
              Ask to leave
            </SubmitButton>
          </form>
        </Dialog>
      )}
      {leaving && !h.my_lines.some((l) => l.ssn === leaving && under18(l)) && (
        <Dialog
          title="Leave the household?"
          onClose={() => $leaving.set(undefined)}
          actions={
            <button type="button" className="btn btn--outline" onClick={() => $leaving.set(undefined)}>
              Stay
            </button>
          }
        >
          <form className="form" noValidate onSubmit={leaveForm.onSubmit} aria-label="Leave the household">
            <FormAlert>{leave.error}</FormAlert>
            <p>The owner will no longer see your line or pay for it. Your membership and credit stay yours.</p>
            <SubmitButton busy={leave.busy} busyLabel={leave.busyLabel ?? ''}>
              Leave
            </SubmitButton>
          </form>
        </Dialog>
      )}
      {h.role !== 'line' && sim && (
        <section className="card stack" aria-labelledby="own-line-title">
          <h3 id="own-line-title">{`Filters and bars on ${number(sim.msisdn ?? null)}`}</h3>
          <p>
            Switch the adult content filter, and the bars on premium-rate calls and on third-party charges, for your own
            line. The network applies each change.
          </p>
          <LineControls ssn={sim.ssn} />
        </section>
      )}
      {h.role === 'owner' && (
        <p className="card">
          {`You own a household of ${h.line_count} ${h.line_count === 1 ? 'line' : 'lines'}. `}
          <a href="/my48/household">Open your household</a>
        </p>
      )}
      {h.role === 'none' && h.received.length === 0 && (
        <p className="card">
          {
            "You're not in a household. When a member invites your number, you answer here with the code we e-mail you. To hold other members' lines yourself, "
          }
          <a href="/my48/household">open Household</a>.
        </p>
      )}
    </div>
  );
}
