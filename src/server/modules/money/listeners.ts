import { ONBOARD_BUNDLE_DAYS, ONBOARD_BUNDLE_KB, ONBOARD_BUNDLE_SKU } from '../../../contract/constants.ts';
import { DAY } from '../../kernel/clock.ts';
import { memberErased } from '../identity/index.ts';
import { numberMovedAway, simActivated } from '../lines/index.ts';
import { purchaseLiftRefused, readCreditsWith } from '../network/index.ts';
import { offerCreditBack } from './credit-back/credit-back.ts';
import { forgetMoneyOf, giveGoodyBag, openBalance } from './balance/moves.ts';
import { refundPurchase } from './purchases/refunds.ts';
import { creditsForReconciliation } from './usage/state.ts';

/**
 * What money does when another module says something happened, each in that module's transaction
 * (src/server/kernel/events.ts), and what it tells other modules to read with. Imported once, by
 * money's face.
 */

// A SIM activated: its balance, no credit yet, and the free SIM's onboard bundle.
simActivated.on(async (tx, { ssn, now }) => {
  await openBalance(tx, ssn, now);
  await giveGoodyBag(tx, {
    ssn,
    sku: ONBOARD_BUNDLE_SKU,
    kb: ONBOARD_BUNDLE_KB,
    expiresAt: new Date(now.getTime() + ONBOARD_BUNDLE_DAYS * DAY),
  });
});

// A purchase whose data the network refused to start again is undone and refunded.
purchaseLiftRefused.on((tx, { ssn, now, purchase }) => refundPurchase(tx, now, ssn, purchase));

// A number left for another network: its credit is offered back for 12 months.
numberMovedAway.on((tx, e) => offerCreditBack(tx, e));

// The network's nightly reconciliation reads the portal's credit by number, and what use went unpaid.
readCreditsWith(creditsForReconciliation);

// An account deleted: its cards go, its gift checkouts forget the buyer's address, nothing renews.
memberErased.on((tx, { member, ssns }) => forgetMoneyOf(tx, member.id, ssns));
