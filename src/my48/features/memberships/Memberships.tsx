import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { PaymentType } from '../../../contract/payments.schema.ts';
import { euro, shortDate } from '../../../lib/format.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useFragmentFocus } from '../../components/use-fragment.ts';
import {
  $confirm,
  askAutoRenew,
  askRenewWith,
  buyMembership,
  type Offers,
  cancelAutoRenew,
  closePopup,
  confirmAutoRenew,
  purchase,
} from './memberships-store.ts';
import { useOffers } from './use-offers.tsx';
import { OfferFacts } from './OfferCard.tsx';
import { SaveCardField } from './SaveCardField.tsx';
import { say } from '../../speech.ts';
import { CheckField } from '../../../components/forms/CheckField.tsx';

/** The popups and the failure of the one action in progress, shared by the money screens. */
export function ActionFeedback() {
  const { busy, busyLabel, error: failed, fields, result: popup } = useStore(purchase.$state);
  // A choice the contract's rule refused (none the screens offer) shows like the API's refusal.
  const error = failed ?? Object.values(fields)[0];
  return (
    <>
      {busy && (
        <p role="status" className="loading-line">
          {busyLabel}
        </p>
      )}
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      {popup && (
        <Dialog
          title={say('my48.done')}
          onClose={closePopup}
          actions={
            <button type="button" className="btn btn--primary" onClick={closePopup}>
              {say('my48.ok')}
            </button>
          }
        >
          <p>{popup}</p>
        </Dialog>
      )}
    </>
  );
}

/** Spec section 2, "Memberships list": what can be bought, the current and queued membership, auto-renew. */
/** Auto-renew with another membership: chosen here, confirmed in a dialog. */
function RenewWith({ offers, renewing, disabled }: { offers: Offers['values']; renewing: string; disabled: boolean }) {
  const [sku, setSku] = useState(renewing);
  const chosen = offers.find((o) => o.sku === sku);
  return (
    <div className="form__row">
      <div className="field">
        <label htmlFor="renew-with">Renews with</label>
        <select id="renew-with" value={sku} onChange={(e) => setSku(e.target.value)}>
          {offers.map((o) => (
            <option key={o.sku} value={o.sku}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn btn--outline"
        disabled={disabled || sku === renewing || !chosen}
        onClick={() => chosen && askRenewWith(chosen.sku, chosen.name)}
      >
        Change
      </button>
    </div>
  );
}

export default function Memberships() {
  const { wait, offers, card, busy } = useOffers('my48.offers.needSimMembership');
  const confirm = useStore($confirm);
  const [paymentType, setPaymentType] = useState<PaymentType>('BALANCE_BEFORE_SC');
  const [recurrence, setRecurrence] = useState(false);
  const [save, setSave] = useState(false);
  if (wait || !offers) return wait;
  const current = offers.current;
  return (
    <div className="stack">
      <ActionFeedback />
      {confirm && (
        <Dialog
          title={
            confirm.change === 'on'
              ? 'Turn auto-renew on?'
              : confirm.change === 'off'
                ? 'Turn auto-renew off?'
                : `Renew with ${confirm.name ?? confirm.sku}?`
          }
          onClose={cancelAutoRenew}
          actions={
            <>
              <button type="button" className="btn btn--primary" onClick={() => void confirmAutoRenew()}>
                {confirm.change === 'on'
                  ? 'Yes, turn it on'
                  : confirm.change === 'off'
                    ? 'Yes, turn it off'
                    : 'Yes, renew with it'}
              </button>
              <button type="button" className="btn btn--outline" onClick={cancelAutoRenew}>
                Cancel
              </button>
            </>
          }
        >
          <p>
            {confirm.change === 'off'
              ? 'Your membership will end on its end date. You can buy a new one any time.'
              : 'Your membership will renew by itself when it ends: from your credit first, then your stored card.'}
          </p>
        </Dialog>
      )}
      <section className="tiles" aria-label="Your membership">
        <section className="tile tile--wide" aria-labelledby="now-title">
          <h2 id="now-title">Current membership</h2>
          {current ? (
            <>
              <p className="tile__figure">{current.name}</p>
              <p>
                Ends {shortDate(current.ends_at)}. Auto-renew is{' '}
                <strong>{current.recurrence_enabled ? 'on' : 'off'}</strong>.
              </p>
              <button
                type="button"
                className="btn btn--outline"
                disabled={busy}
                onClick={() => askAutoRenew(!current.recurrence_enabled, current.recurrence_sku ?? current.sku)}
              >
                {current.recurrence_enabled ? 'Turn auto-renew off' : 'Turn auto-renew on'}
              </button>
              {current.recurrence_enabled && (
                <RenewWith offers={offers.values} renewing={current.recurrence_sku ?? current.sku} disabled={busy} />
              )}
            </>
          ) : (
            <p className="tile__figure">No Active Membership</p>
          )}
          <p>
            {offers.queued
              ? `Queued: ${offers.queued.name}, starts ${shortDate(offers.queued.starts_at)}.`
              : 'No membership queued.'}
          </p>
        </section>
        <section className="tile" aria-labelledby="credit-title">
          <h2 id="credit-title">Credit</h2>
          <p className="tile__figure">{euro(offers.credit_cents)}</p>
          <a href="/my48/memberships/add-credit">Add credit</a>
        </section>
      </section>

      <fieldset className="fieldset card">
        <legend>How to pay</legend>
        <CheckField
          id="pay-credit"
          type="radio"
          name="payment"
          checked={paymentType === 'BALANCE_BEFORE_SC'}
          onChange={() => setPaymentType('BALANCE_BEFORE_SC')}
          label={<>Credit first, then {card ? `my card ending ${card.last4}` : 'a card'}</>}
        />
        {card && (
          <CheckField
            id="pay-card"
            type="radio"
            name="payment"
            checked={paymentType === 'STORED_CARD'}
            onChange={() => setPaymentType('STORED_CARD')}
            label={`All by my ${card.brand} card ending ${card.last4}`}
          />
        )}
        <CheckField
          id="renew"
          type="checkbox"
          checked={recurrence}
          onChange={(e) => setRecurrence(e.target.checked)}
          label="Renew it automatically"
        />
        {!card && (
          <>
            <SaveCardField save={save} onSave={setSave} />
            {recurrence && (
              <p className="field__hint">
                Auto-renew pays from your credit first, then from a saved card. Without a saved card, your membership
                renews only when your credit covers it.
              </p>
            )}
          </>
        )}
      </fieldset>

      <h2>Buy a membership</h2>
      {offers.queued ? (
        <p className="alert alert--info">You have a membership queued. You can buy another once it has started.</p>
      ) : (
        <p>
          {current
            ? 'A membership you buy now starts when your current one ends.'
            : 'A membership you buy now starts straight away.'}
        </p>
      )}
      <ul className="tiles plain" aria-label="Memberships you can buy">
        {offers.values.map((offer) => (
          <li key={offer.sku} className="tile">
            <h3>{offer.name}</h3>
            <OfferFacts offer={offer} />
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy || Boolean(offers.queued)}
              onClick={() => void buyMembership(offer.sku, paymentType, recurrence, !card && save)}
              aria-label={`${current ? 'Buy next' : 'Buy now'}: ${offer.name}`}
            >
              {current ? 'Buy next' : 'Buy now'}
            </button>
          </li>
        ))}
      </ul>
      <p>
        <a href="/my48/addons">Top up with a data add-on</a>
      </p>
      <FlexiFragments />
    </div>
  );
}

/** Spec section 2, memberships fragments: flexi-data, data-switch-up, the-safe, carryover, donate, swap, spot-me, share, each leading to its section of the flexi-data screen. */
const FLEXI_LINKS = [
  { id: 'the-safe', to: 'the-safe', name: 'The Safe', what: 'keep unused data for later, with no end date' },
  { id: 'carryover', to: 'carryover', name: 'Carryover', what: 'move unused data to your next membership' },
  { id: 'donate', to: 'donate', name: 'Donate', what: 'give unused data to members in need' },
  { id: 'swap', to: 'swap', name: 'Swap', what: 'swap unused data for landline minutes' },
  { id: 'spot-me', to: 'spot-me', name: 'Spot me', what: 'lend data to a friend on 48 for a few days' },
  { id: 'share', to: 'share', name: 'Share', what: 'give data to a friend on 48 for good' },
] as const;

function FlexiFragments() {
  useFragmentFocus(true);
  return (
    <section id="flexi-data" className="card stack" aria-labelledby="flexi-data-title" tabIndex={-1}>
      <h2 id="flexi-data-title">Flexible data</h2>
      <p>
        Your membership's data is yours to move: once a month carry it over, save it or donate it, and swap, spot or
        share it any time.
      </p>
      <ul className="plain stack">
        {FLEXI_LINKS.map((l) => (
          <li key={l.id} id={l.id} tabIndex={-1}>
            <a href={`/my48/flexi-data#${l.to}`}>{l.name}</a>
            {`: ${l.what}.`}
          </li>
        ))}
      </ul>
      <p id="data-switch-up" tabIndex={-1}>
        Data switch-up: <a href="/my48/flexi-data#swap">swap data for landline minutes</a> or{' '}
        <a href="/my48/flexi-data#share">switch it to a friend</a>.
      </p>
    </section>
  );
}
