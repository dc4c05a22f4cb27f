import { euro } from '../../../lib/format.ts';
import { say } from '../../speech.ts';

/*
 * How the owner or a manager pays for a line, in the page's language: the line dialogs and a
 * request's approval say it alike.
 */

/** A stored card by its brand and last four digits ("Visa ending 4242"). */
export const cardName = (card: { brand: string; last4: string }) =>
  say('my48.hh.cardName', {
    brand: card.brand === 'VISA' ? 'Visa' : card.brand === 'MASTER' ? 'Mastercard' : card.brand,
    last4: card.last4,
  });

/** The first way to pay: the payer's credit, then their card when they have one. */
export const creditFirst = (credit: number, card: { brand: string; last4: string } | null) =>
  card
    ? say('my48.hh.creditThenCard', { credit: euro(credit), card: cardName(card) })
    : say('my48.hh.creditFirst', { credit: euro(credit) });
