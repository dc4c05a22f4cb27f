import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { Field, FormAlert, SelectField, SubmitButton } from '../../../components/forms/Field.tsx';
import type { HouseholdRequest } from '../../../contract/household-requests.schema.ts';
import { REQUEST_KINDS, REQUEST_NOTE_MAX } from '../../../contract/household.ts';
import { clockTime, euro, formatMsisdn, shortDate } from '../../../lib/format.ts';
import { Dialog } from '../../components/Dialog.tsx';
import {
  $answered,
  $answering,
  $kind,
  approveForm,
  askForm,
  choices,
  CREDIT_CHOICES,
  declineForm,
  KIND_LABELS,
  openAnswer,
  STATE_WORDS,
  withdrawForm,
} from './requests-store.ts';

/** When a request was made or answered, as a line of its card says it. */
const when = (r: HouseholdRequest) =>
  r.state === 'open'
    ? `Asked ${shortDate(r.created_at)} ${clockTime(r.created_at)} · open until ${shortDate(r.expires_at)} ${clockTime(r.expires_at)}`
    : `${STATE_WORDS[r.state]}${r.answered_by && r.state !== 'expired' ? ` by ${r.answered_by}` : ''}${r.answered_at ? ` · ${shortDate(r.answered_at)}` : ''}`;

/** What approving costs, beside what is asked (credit says its amount already). */
const price = (r: HouseholdRequest) =>
  r.price_cents === null || r.kind === 'credit' ? '' : ` · ${euro(r.price_cents)}`;

/** How an approver pays: their credit first then their card, or their card (what they have is said). */
export interface Payer {
  credit: number;
  card: { brand: string; last4: string } | null;
}

/** Household → Requests: what the lines asked for, to approve or decline (the owner and managers); the screen says how it pays and reads again (showRequests). */
export function RequestsToAnswer({ payer, requests }: { payer: Payer; requests: HouseholdRequest[] }) {
  const said = useStore($answered);
  useEffect(() => {
    return () => {
      $answering.set(undefined);
      $answered.set(undefined);
    };
  }, []);
  const theirs = requests.filter((r) => !r.can.withdraw && (r.can.answer || r.state !== 'open'));
  if (theirs.length === 0 && !said) return null;
  const open = theirs.filter((r) => r.state === 'open');
  const past = theirs.filter((r) => r.state !== 'open').slice(0, 5);
  return (
    <section aria-labelledby="requests-title" className="card stack">
      <h2 id="requests-title">{open.length ? `Requests (${open.length} waiting)` : 'Requests'}</h2>
      {said && <FormAlert tone="success">{said}</FormAlert>}
      {open.length === 0 && <p>No requests are waiting.</p>}
      <ul className="stack household__requests">
        {open.map((r) => (
          <li key={r.id} className="household__request" aria-labelledby={`request-${r.id}`}>
            <p id={`request-${r.id}`}>
              <strong>{r.name}</strong>
              {` asks: ${r.what}${price(r)}`}
            </p>
            <p className="field__hint">{`${r.msisdn ? `${formatMsisdn(r.msisdn)} · ` : ''}${when(r)}`}</p>
            <div className="actions">
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => openAnswer(r, 'approve')}
                aria-label={`Approve ${r.name}'s request: ${r.what}`}
              >
                Approve
              </button>
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => openAnswer(r, 'decline')}
                aria-label={`Decline ${r.name}'s request: ${r.what}`}
              >
                Decline
              </button>
            </div>
          </li>
        ))}
      </ul>
      {past.length > 0 && (
        <>
          <h3>Answered lately</h3>
          <ul className="household__requests">
            {past.map((r) => (
              <li key={r.id} className="field__hint">{`${r.name}: ${r.what} · ${when(r)}`}</li>
            ))}
          </ul>
        </>
      )}
      <AnswerDialog payer={payer} />
    </section>
  );
}

const cardName = (card: { brand: string; last4: string }) =>
  `${card.brand === 'VISA' ? 'Visa' : card.brand === 'MASTER' ? 'Mastercard' : card.brand} ending ${card.last4}`;

function AnswerDialog({ payer }: { payer: Payer }) {
  const answering = useStore($answering);
  const approve = useStore(approveForm.$state);
  const decline = useStore(declineForm.$state);
  if (!answering) return null;
  const { request: r, action } = answering;
  const close = () => $answering.set(undefined);
  const cancel = (
    <button type="button" className="btn btn--outline" onClick={close}>
      Cancel
    </button>
  );
  if (action === 'decline')
    return (
      <Dialog title={`Decline ${r.name}'s request?`} onClose={close} actions={cancel}>
        <form className="form" noValidate onSubmit={declineForm.onSubmit} aria-label={`Decline ${r.name}'s request`}>
          <input type="hidden" name="id" value={r.id} />
          <FormAlert>{decline.error}</FormAlert>
          <p>{`${r.name} asked for this: ${r.what}. They will be told, with your note if you write one.`}</p>
          <Field
            label="A note for the line (optional)"
            name="note"
            maxLength={REQUEST_NOTE_MAX}
            autoComplete="off"
            hint={`At most ${REQUEST_NOTE_MAX} characters.`}
            error={decline.fields['note']}
          />
          <SubmitButton busy={decline.busy} busyLabel={decline.busyLabel ?? ''}>
            Decline
          </SubmitButton>
        </form>
      </Dialog>
    );
  const paid = r.price_cents !== null;
  return (
    <Dialog title={`Approve ${r.name}'s request?`} onClose={close} actions={cancel}>
      <form className="form" noValidate onSubmit={approveForm.onSubmit} aria-label={`Approve ${r.name}'s request`}>
        <input type="hidden" name="id" value={r.id} />
        <FormAlert>{approve.error}</FormAlert>
        <p>
          {paid
            ? `${r.what} for ${r.name}: you pay ${euro(r.price_cents ?? 0)}.`
            : r.kind === 'roaming'
              ? `${r.name}'s data abroad goes on past their cap until the month ends.`
              : `${r.name}'s data cap becomes ${r.gb} GB a period.`}
        </p>
        {paid && (
          <fieldset className="fieldset">
            <legend>Pay with</legend>
            <CheckField
              id={`approve-${r.id}-credit`}
              type="radio"
              name="payment_type"
              value="BALANCE_BEFORE_SC"
              defaultChecked
              label={`My credit first (${euro(payer.credit)})${payer.card ? `, then my ${cardName(payer.card)}` : ''}`}
            />
            {payer.card && (
              <CheckField
                id={`approve-${r.id}-card`}
                type="radio"
                name="payment_type"
                value="STORED_CARD"
                label={`My ${cardName(payer.card)}`}
              />
            )}
            {approve.fields['payment_type'] && <p className="field__error">{approve.fields['payment_type']}</p>}
          </fieldset>
        )}
        <SubmitButton busy={approve.busy} busyLabel={approve.busyLabel ?? ''}>
          {paid ? 'Approve and pay' : 'Approve'}
        </SubmitButton>
      </form>
    </Dialog>
  );
}

/** Settings → Household, the line's side: ask the household, and see what was asked and answered. */
export function AskHousehold({
  ssn,
  owner,
  requests,
  most,
}: {
  ssn: string;
  owner: string;
  requests: HouseholdRequest[];
  most: number;
}) {
  const offers = useStore(choices.$state);
  const ask = useStore(askForm.$state);
  const withdraw = useStore(withdrawForm.$state);
  const kind = useStore($kind);
  useEffect(() => {
    void choices.load(ssn);
    return () => {
      askForm.reset();
      withdrawForm.reset();
    };
  }, [ssn]);
  const mine = requests.filter((r) => r.ssn === ssn);
  const open = mine.filter((r) => r.state === 'open').length;
  const list = offers.data ? (kind === 'addon' ? offers.data.addons : offers.data.memberships) : [];
  return (
    <section className="stack" aria-labelledby="ask-title">
      <h3 id="ask-title">{`Ask ${owner}'s household`}</h3>
      <p>{`Need data, credit or a membership? Ask, and ${owner} (or a manager) is told at once. A request waits 24 hours for an answer; ${most} at most at a time.`}</p>
      <form className="form" noValidate onSubmit={askForm.onSubmit} aria-labelledby="ask-title">
        <input type="hidden" name="ssn" value={ssn} />
        <FormAlert>{ask.error}</FormAlert>
        {ask.result && <FormAlert tone="success">{ask.result}</FormAlert>}
        <fieldset className="fieldset">
          <legend>What you need</legend>
          {/* Leaving is asked from the line's own "Ask to leave" (a line marked under 18), not here. */}
          {REQUEST_KINDS.filter((k) => k !== 'leave').map((k) => (
            <CheckField
              key={k}
              id={`ask-${k}`}
              type="radio"
              name="kind"
              value={k}
              checked={kind === k}
              onChange={() => $kind.set(k)}
              label={KIND_LABELS[k]}
            />
          ))}
          {ask.fields['kind'] && <p className="field__error">{ask.fields['kind']}</p>}
        </fieldset>
        {(kind === 'addon' || kind === 'membership') && (
          <fieldset className="fieldset">
            <legend>{kind === 'addon' ? 'Add-on' : 'Membership'}</legend>
            {offers.status === 'error' && <p className="field__error">{offers.error}</p>}
            {list.map((o, i) => (
              <CheckField
                key={`${kind}-${o.sku}`}
                id={`ask-${o.sku}`}
                type="radio"
                name={kind}
                value={o.sku}
                defaultChecked={i === 0}
                label={`${o.name}: ${euro(o.price_cents)}`}
              />
            ))}
            {(ask.fields['addon'] || ask.fields['membership']) && (
              <p className="field__error">{ask.fields['addon'] ?? ask.fields['membership']}</p>
            )}
          </fieldset>
        )}
        {kind === 'credit' && (
          <SelectField
            label="Amount"
            name="amount"
            options={CREDIT_CHOICES}
            defaultValue={CREDIT_CHOICES[1]}
            error={ask.fields['amount']}
          />
        )}
        {kind === 'dataCap' && (
          <Field
            label="Cap in GB"
            name="gb"
            inputMode="numeric"
            autoComplete="off"
            hint="Higher than the cap your household set, up to 100."
            error={ask.fields['gb']}
          />
        )}
        {open >= most ? (
          <p className="alert alert--info">{`You have ${most} requests waiting: wait for an answer, or withdraw one.`}</p>
        ) : (
          <SubmitButton busy={ask.busy} busyLabel={ask.busyLabel ?? ''}>
            Ask
          </SubmitButton>
        )}
      </form>
      {mine.length > 0 && (
        <>
          <h4>Your requests</h4>
          <FormAlert>{withdraw.error}</FormAlert>
          <ul className="stack household__requests">
            {mine.map((r) => (
              <li key={r.id} className="household__request">
                <p>
                  <strong>{r.what}</strong>
                  {price(r)}
                </p>
                <p className="field__hint">{when(r)}</p>
                {r.note && <p>{`“${r.note}”`}</p>}
                {r.can.withdraw && (
                  <button
                    type="button"
                    className="btn btn--outline"
                    disabled={withdraw.busy}
                    onClick={() => void withdrawForm.submit({ id: String(r.id) })}
                    aria-label={`Withdraw your request: ${r.what}`}
                  >
                    Withdraw
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
