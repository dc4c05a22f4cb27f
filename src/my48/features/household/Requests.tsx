import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { Field, FormAlert, SelectField, SubmitButton } from '../../../components/forms/Field.tsx';
import type { HouseholdRequest } from '../../../contract/household-requests.schema.ts';
import { REQUEST_KINDS, REQUEST_NOTE_MAX } from '../../../contract/household.ts';
import { clockTime, euro, formatMsisdn, shortDate } from '../../../lib/format.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { slotted } from '../../../lib/slotted.tsx';
import { say, sayCount } from '../../speech.ts';
import { cardName, creditFirst } from './pay-words.ts';
import {
  $answered,
  $answering,
  $kind,
  approveForm,
  askForm,
  choices,
  CREDIT_CHOICES,
  declineForm,
  kindLabel,
  openAnswer,
  speakRequestForms,
  stateWords,
  withdrawForm,
} from './requests-store.ts';

/** When a request was made or answered, as a line of its card says it. */
function when(r: HouseholdRequest): string {
  if (r.state === 'open')
    return say('my48.hh.req.asked', {
      day: shortDate(r.created_at),
      time: clockTime(r.created_at),
      untilDay: shortDate(r.expires_at),
      untilTime: clockTime(r.expires_at),
    });
  const state =
    r.answered_by && r.state !== 'expired'
      ? say('my48.hh.req.answeredBy', { state: stateWords(r.state), who: r.answered_by })
      : stateWords(r.state);
  return r.answered_at ? `${state} · ${shortDate(r.answered_at)}` : state;
}

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
  speakRequestForms();
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
      <h2 id="requests-title">
        {open.length ? say('my48.hh.req.titleWaiting', { count: open.length }) : say('my48.hh.req.title')}
      </h2>
      {said && <FormAlert tone="success">{said}</FormAlert>}
      {open.length === 0 && <p>{say('my48.hh.req.none')}</p>}
      <ul className="stack household__requests">
        {open.map((r) => (
          <li key={r.id} className="household__request" aria-labelledby={`request-${r.id}`}>
            <p id={`request-${r.id}`}>
              {slotted(say('my48.hh.req.asks'), { name: <strong>{r.name}</strong>, what: r.what })}
              {price(r)}
            </p>
            <p className="field__hint">{`${r.msisdn ? `${formatMsisdn(r.msisdn)} · ` : ''}${when(r)}`}</p>
            <div className="actions">
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => openAnswer(r, 'approve')}
                aria-label={say('my48.hh.req.approveName', { name: r.name, what: r.what })}
              >
                {say('my48.hh.req.approve')}
              </button>
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => openAnswer(r, 'decline')}
                aria-label={say('my48.hh.req.declineName', { name: r.name, what: r.what })}
              >
                {say('my48.hh.req.decline')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {past.length > 0 && (
        <>
          <h3>{say('my48.hh.req.answered')}</h3>
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

function AnswerDialog({ payer }: { payer: Payer }) {
  const answering = useStore($answering);
  const approve = useStore(approveForm.$state);
  const decline = useStore(declineForm.$state);
  if (!answering) return null;
  const { request: r, action } = answering;
  const close = () => $answering.set(undefined);
  const cancel = (
    <button type="button" className="btn btn--outline" onClick={close}>
      {say('my48.hh.cancel')}
    </button>
  );
  if (action === 'decline')
    return (
      <Dialog title={say('my48.hh.req.declineTitle', { name: r.name })} onClose={close} actions={cancel}>
        <form
          className="form"
          noValidate
          onSubmit={declineForm.onSubmit}
          aria-label={say('my48.hh.req.declineTitle', { name: r.name })}
        >
          <input type="hidden" name="id" value={r.id} />
          <FormAlert>{decline.error}</FormAlert>
          <p>{say('my48.hh.req.declineWhat', { name: r.name, what: r.what })}</p>
          <Field
            label={say('my48.hh.req.note')}
            name="note"
            maxLength={REQUEST_NOTE_MAX}
            autoComplete="off"
            hint={say('my48.hh.req.noteHint', { max: REQUEST_NOTE_MAX })}
            error={decline.fields['note']}
          />
          <SubmitButton busy={decline.busy} busyLabel={decline.busyLabel ?? ''}>
            {say('my48.hh.req.decline')}
          </SubmitButton>
        </form>
      </Dialog>
    );
  const paid = r.price_cents !== null;
  return (
    <Dialog title={say('my48.hh.req.approveTitle', { name: r.name })} onClose={close} actions={cancel}>
      <form
        className="form"
        noValidate
        onSubmit={approveForm.onSubmit}
        aria-label={say('my48.hh.req.approveTitle', { name: r.name })}
      >
        <input type="hidden" name="id" value={r.id} />
        <FormAlert>{approve.error}</FormAlert>
        <p>
          {paid
            ? say('my48.hh.req.pay', { what: r.what, name: r.name, price: euro(r.price_cents ?? 0) })
            : r.kind === 'roaming'
              ? say('my48.hh.req.roaming', { name: r.name })
              : say('my48.hh.req.cap', { name: r.name, gb: r.gb ?? '' })}
        </p>
        {paid && (
          <fieldset className="fieldset">
            <legend>{say('my48.hh.payWith')}</legend>
            <CheckField
              id={`approve-${r.id}-credit`}
              type="radio"
              name="payment_type"
              value="BALANCE_BEFORE_SC"
              defaultChecked
              label={creditFirst(payer.credit, payer.card)}
            />
            {payer.card && (
              <CheckField
                id={`approve-${r.id}-card`}
                type="radio"
                name="payment_type"
                value="STORED_CARD"
                label={say('my48.hh.myCard', { card: cardName(payer.card) })}
              />
            )}
            {approve.fields['payment_type'] && <p className="field__error">{approve.fields['payment_type']}</p>}
          </fieldset>
        )}
        <SubmitButton busy={approve.busy} busyLabel={approve.busyLabel ?? ''}>
          {say(paid ? 'my48.hh.req.approvePay' : 'my48.hh.req.approve')}
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
  speakRequestForms();
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
      <h3 id="ask-title">{say('my48.hh.ask.title', { owner })}</h3>
      <p>{say('my48.hh.ask.intro', { owner, most })}</p>
      <form className="form" noValidate onSubmit={askForm.onSubmit} aria-labelledby="ask-title">
        <input type="hidden" name="ssn" value={ssn} />
        <FormAlert>{ask.error}</FormAlert>
        {ask.result && <FormAlert tone="success">{ask.result}</FormAlert>}
        <fieldset className="fieldset">
          <legend>{say('my48.hh.ask.what')}</legend>
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
              label={kindLabel(k)}
            />
          ))}
          {ask.fields['kind'] && <p className="field__error">{ask.fields['kind']}</p>}
        </fieldset>
        {(kind === 'addon' || kind === 'membership') && (
          <fieldset className="fieldset">
            <legend>{say(kind === 'addon' ? 'my48.hh.ask.addon' : 'my48.hh.fig.membership')}</legend>
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
            label={say('my48.hh.credit.amount')}
            name="amount"
            options={CREDIT_CHOICES}
            defaultValue={CREDIT_CHOICES[1]}
            error={ask.fields['amount']}
          />
        )}
        {kind === 'dataCap' && (
          <Field
            label={say('my48.hh.ask.gb')}
            name="gb"
            inputMode="numeric"
            autoComplete="off"
            hint={say('my48.hh.ask.gbHint')}
            error={ask.fields['gb']}
          />
        )}
        {open >= most ? (
          <p className="alert alert--info">{sayCount('my48.hh.ask.full', most)}</p>
        ) : (
          <SubmitButton busy={ask.busy} busyLabel={ask.busyLabel ?? ''}>
            {say('my48.hh.ask.submit')}
          </SubmitButton>
        )}
      </form>
      {mine.length > 0 && (
        <>
          <h4>{say('my48.hh.ask.yours')}</h4>
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
                    aria-label={say('my48.hh.ask.withdrawName', { what: r.what })}
                  >
                    {say('my48.hh.withdraw')}
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
