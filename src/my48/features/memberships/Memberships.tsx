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
import { say, type My48Key } from '../../speech.ts';
import { slotted } from '../../../lib/slotted.tsx';
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
        <label htmlFor="renew-with">{say('my48.plans.renewsWith')}</label>
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
        {say('my48.plans.change')}
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
              ? say('my48.plans.askOn')
              : confirm.change === 'off'
                ? say('my48.plans.askOff')
                : say('my48.plans.askSwitch', { name: confirm.name ?? confirm.sku })
          }
          onClose={cancelAutoRenew}
          actions={
            <>
              <button type="button" className="btn btn--primary" onClick={() => void confirmAutoRenew()}>
                {confirm.change === 'on'
                  ? say('my48.plans.yesOn')
                  : confirm.change === 'off'
                    ? say('my48.plans.yesOff')
                    : say('my48.plans.yesSwitch')}
              </button>
              <button type="button" className="btn btn--outline" onClick={cancelAutoRenew}>
                {say('my48.cancel')}
              </button>
            </>
          }
        >
          <p>{confirm.change === 'off' ? say('my48.plans.offMeans') : say('my48.plans.onMeans')}</p>
        </Dialog>
      )}
      <section className="tiles" aria-label={say('my48.plans.yours')}>
        <section className="tile tile--wide" aria-labelledby="now-title">
          <h2 id="now-title">{say('my48.plans.current')}</h2>
          {current ? (
            <>
              <p className="tile__figure">{current.name}</p>
              <p>
                {slotted(say('my48.plans.endsAutoRenew'), {
                  date: shortDate(current.ends_at),
                  state: <strong>{current.recurrence_enabled ? say('my48.plans.on') : say('my48.plans.off')}</strong>,
                })}
              </p>
              <button
                type="button"
                className="btn btn--outline"
                disabled={busy}
                onClick={() => askAutoRenew(!current.recurrence_enabled, current.recurrence_sku ?? current.sku)}
              >
                {current.recurrence_enabled ? say('my48.plans.turnOff') : say('my48.dash.turnAutoRenewOn')}
              </button>
              {current.recurrence_enabled && (
                <RenewWith offers={offers.values} renewing={current.recurrence_sku ?? current.sku} disabled={busy} />
              )}
            </>
          ) : (
            <p className="tile__figure">{say('my48.spec.noActiveMembership')}</p>
          )}
          <p>
            {offers.queued
              ? say('my48.plans.queued', { name: offers.queued.name, date: shortDate(offers.queued.starts_at) })
              : say('my48.plans.noneQueued')}
          </p>
        </section>
        <section className="tile" aria-labelledby="credit-title">
          <h2 id="credit-title">{say('my48.dash.credit')}</h2>
          <p className="tile__figure">{euro(offers.credit_cents)}</p>
          <a href="/my48/memberships/add-credit">{say('my48.screen.addCredit.title')}</a>
        </section>
      </section>

      <fieldset className="fieldset card">
        <legend>{say('my48.plans.howToPay')}</legend>
        <CheckField
          id="pay-credit"
          type="radio"
          name="payment"
          checked={paymentType === 'BALANCE_BEFORE_SC'}
          onChange={() => setPaymentType('BALANCE_BEFORE_SC')}
          label={card ? say('my48.plans.creditThenMyCard', { last4: card.last4 }) : say('my48.plans.creditThenCard')}
        />
        {card && (
          <CheckField
            id="pay-card"
            type="radio"
            name="payment"
            checked={paymentType === 'STORED_CARD'}
            onChange={() => setPaymentType('STORED_CARD')}
            label={say('my48.plans.allByCard', { brand: card.brand, last4: card.last4 })}
          />
        )}
        <CheckField
          id="renew"
          type="checkbox"
          checked={recurrence}
          onChange={(e) => setRecurrence(e.target.checked)}
          label={say('my48.plans.renewAuto')}
        />
        {!card && (
          <>
            <SaveCardField save={save} onSave={setSave} />
            {recurrence && <p className="field__hint">{say('my48.plans.autoRenewHint')}</p>}
          </>
        )}
      </fieldset>

      <h2>{say('my48.buyMembership')}</h2>
      {offers.queued ? (
        <p className="alert alert--info">{say('my48.plans.queuedAlready')}</p>
      ) : (
        <p>{current ? say('my48.plans.startsAfter') : say('my48.plans.startsNow')}</p>
      )}
      <ul className="tiles plain" aria-label={say('my48.plans.list')}>
        {offers.values.map((offer) => (
          <li key={offer.sku} className="tile">
            <h3>{offer.name}</h3>
            <OfferFacts offer={offer} />
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy || Boolean(offers.queued)}
              onClick={() => void buyMembership(offer.sku, paymentType, recurrence, !card && save)}
              aria-label={say(current ? 'my48.plans.buyNextNamed' : 'my48.plans.buyNowNamed', { name: offer.name })}
            >
              {current ? say('my48.plans.buyNext') : say('my48.plans.buyNow')}
            </button>
          </li>
        ))}
      </ul>
      <p>
        <a href="/my48/addons">{say('my48.plans.topUpLink')}</a>
      </p>
      <FlexiFragments />
    </div>
  );
}

/** Spec section 2, memberships fragments: flexi-data, data-switch-up, the-safe, carryover, donate, swap, spot-me, share, each leading to its section of the flexi-data screen. */
const FLEXI_LINKS = ['the-safe', 'carryover', 'donate', 'swap', 'spot-me', 'share'] as const;
/** Each feature's name and what it does (`my48.flexi.<id>.name`, `.what`). */
const FLEXI_WORDS: Record<(typeof FLEXI_LINKS)[number], [name: My48Key, what: My48Key]> = {
  'the-safe': ['my48.flexi.safe.name', 'my48.flexi.safe.what'],
  carryover: ['my48.flexi.carryover.name', 'my48.flexi.carryover.what'],
  donate: ['my48.flexi.donate.name', 'my48.flexi.donate.what'],
  swap: ['my48.flexi.swap.name', 'my48.flexi.swap.what'],
  'spot-me': ['my48.flexi.spotMe.name', 'my48.flexi.spotMe.what'],
  share: ['my48.flexi.share.name', 'my48.flexi.share.what'],
};

function FlexiFragments() {
  useFragmentFocus(true);
  return (
    <section id="flexi-data" className="card stack" aria-labelledby="flexi-data-title" tabIndex={-1}>
      <h2 id="flexi-data-title">{say('my48.flexi.title')}</h2>
      <p>{say('my48.flexi.intro')}</p>
      <ul className="plain stack">
        {FLEXI_LINKS.map((id) => (
          <li key={id} id={id} tabIndex={-1}>
            {slotted(say(FLEXI_WORDS[id][1]), {
              name: <a href={`/my48/flexi-data#${id}`}>{say(FLEXI_WORDS[id][0])}</a>,
            })}
          </li>
        ))}
      </ul>
      <p id="data-switch-up" tabIndex={-1}>
        {slotted(say('my48.flexi.switchUp'), {
          swap: <a href="/my48/flexi-data#swap">{say('my48.flexi.switchUpSwap')}</a>,
          share: <a href="/my48/flexi-data#share">{say('my48.flexi.switchUpShare')}</a>,
        })}
      </p>
    </section>
  );
}
