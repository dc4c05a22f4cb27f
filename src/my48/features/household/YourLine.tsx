import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { SentCodeField } from '../../../components/forms/KindFields.tsx';
import { formatMsisdn } from '../../../lib/format.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { say, sayCount } from '../../speech.ts';
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
  speakLineForms,
} from './your-line-store.ts';
import { LineControls } from './LineControls.tsx';
import { lineControls } from './line-controls-store.ts';
import { AskHousehold } from './Requests.tsx';

const number = (msisdn: string | null) => (msisdn ? formatMsisdn(msisdn) : say('my48.hh.yl.yourNumber'));

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
  speakLineForms();
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
        {say('my48.hh.loading')}
      </p>
    );
  return (
    <div className="stack">
      {said && <FormAlert tone="success">{said}</FormAlert>}
      {h.received.map((i) => (
        <section key={i.id} className="card stack" aria-labelledby={`invitation-${i.id}`}>
          <h3 id={`invitation-${i.id}`}>
            {say('my48.hh.yl.invites', { owner: i.owner_name, number: number(i.msisdn) })}
          </h3>
          <p>{say('my48.hh.yl.ownerSees')}</p>
          <form
            className="form"
            noValidate
            onSubmit={acceptForm.onSubmit}
            aria-label={say('my48.hh.yl.join', { owner: i.owner_name })}
          >
            <input type="hidden" name="id" value={i.id} />
            <FormAlert>{accept.error}</FormAlert>
            <SentCodeField
              label={say('my48.stepUp.field')}
              length={6}
              hint={say('my48.hh.yl.codeHint')}
              fields={accept.fields}
            />
            <div className="actions">
              <SubmitButton busy={accept.busy} busyLabel={accept.busyLabel ?? ''}>
                {say('my48.hh.yl.joinSubmit')}
              </SubmitButton>
              <button
                type="button"
                className="btn btn--outline"
                disabled={decline.busy}
                onClick={() => void declineForm.submit({ id: String(i.id) })}
              >
                {decline.busy ? (decline.busyLabel ?? '') : say('my48.hh.req.decline')}
              </button>
            </div>
            <FormAlert>{decline.error}</FormAlert>
          </form>
        </section>
      ))}
      {h.role === 'line' && h.owner && (
        <section className="card stack" aria-labelledby="household-line-title">
          <h3 id="household-line-title">{say('my48.hh.yl.inHousehold', { owner: h.owner.name })}</h3>
          <p>{say('my48.hh.yl.ownerSeesYours', { owner: h.owner.name, email: h.owner.email })}</p>
          {h.manager && (
            <p>
              {slotted(say('my48.hh.yl.manager'), {
                link: <a href="/my48/household">{say('my48.hh.yl.managerLink')}</a>,
              })}
            </p>
          )}
          <ul>
            {h.my_lines.map((l) => (
              <li key={l.ssn} className="household__invitation">
                <span>{say('my48.hh.yl.line', { number: number(l.msisdn) })}</span>
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={() => {
                    leaveForm.reset();
                    askLeaveForm.reset();
                    $leaving.set(l.ssn);
                  }}
                >
                  {say(under18(l) ? 'my48.hh.yl.askLeave' : 'my48.hh.yl.leave')}
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
          title={say('my48.hh.yl.askLeaveTitle')}
          onClose={() => $leaving.set(undefined)}
          actions={
            <button type="button" className="btn btn--outline" onClick={() => $leaving.set(undefined)}>
              {say('my48.hh.yl.stay')}
            </button>
          }
        >
          <form className="form" noValidate onSubmit={askLeaveForm.onSubmit} aria-label={say('my48.hh.yl.askLeave')}>
            <FormAlert>{askLeave.error}</FormAlert>
            <p>{say('my48.hh.yl.under18Leave', { owner: h.owner?.name ?? say('my48.hh.theOwner') })}</p>
            <SubmitButton busy={askLeave.busy} busyLabel={askLeave.busyLabel ?? ''}>
              {say('my48.hh.yl.askLeaveSubmit')}
            </SubmitButton>
          </form>
        </Dialog>
      )}
      {leaving && !h.my_lines.some((l) => l.ssn === leaving && under18(l)) && (
        <Dialog
          title={say('my48.hh.yl.leaveTitle')}
          onClose={() => $leaving.set(undefined)}
          actions={
            <button type="button" className="btn btn--outline" onClick={() => $leaving.set(undefined)}>
              {say('my48.hh.yl.stay')}
            </button>
          }
        >
          <form className="form" noValidate onSubmit={leaveForm.onSubmit} aria-label={say('my48.hh.yl.leave')}>
            <FormAlert>{leave.error}</FormAlert>
            <p>{say('my48.hh.yl.leaveWhat')}</p>
            <SubmitButton busy={leave.busy} busyLabel={leave.busyLabel ?? ''}>
              {say('my48.hh.yl.leaveSubmit')}
            </SubmitButton>
          </form>
        </Dialog>
      )}
      {h.role !== 'line' && sim && (
        <section className="card stack" aria-labelledby="own-line-title">
          <h3 id="own-line-title">{say('my48.hh.yl.ownFilters', { number: number(sim.msisdn ?? null) })}</h3>
          <p>{say('my48.hh.yl.ownFiltersWhat')}</p>
          <LineControls ssn={sim.ssn} />
        </section>
      )}
      {h.role === 'owner' && (
        <p className="card">
          {`${sayCount('my48.hh.yl.owner', h.line_count)} `}
          <a href="/my48/household">{say('my48.hh.yl.openHousehold')}</a>
        </p>
      )}
      {h.role === 'none' && h.received.length === 0 && (
        <p className="card">
          {slotted(say('my48.hh.yl.none'), {
            link: <a href="/my48/household">{say('my48.hh.yl.openLink')}</a>,
          })}
        </p>
      )}
    </div>
  );
}
