import { atom } from 'nanostores';
import type { Words } from '../../contract/i18n/fill.ts';

/* The orders list's words (docs/product/languages.md): formatted at build in the page's language. */
export const ORDERS_KEYS = [
  'orders.loading',
  'orders.loadFailed',
  'orders.none',
  'orders.noneText',
  'orders.orderFree',
  'orders.another',
  'orders.caption',
  'orders.col.item',
  'orders.col.status',
  'orders.col.delivery',
  'orders.status.ordered',
  'orders.status.reordered',
  'orders.status.delivered',
  'orders.status.dispatched',
  'orders.step.ordered',
  'orders.step.reordered',
  'orders.step.sent',
  'orders.step.delivered',
  'orders.stepAt',
  'orders.notYet',
  'orders.item.freeSim',
  'orders.item.friend',
  'orders.county',
] as const;

export type OrdersWords = Words<(typeof ORDERS_KEYS)[number]>;

/** The words of the list on this page, for the store (set as it renders). */
export const $ordersWords = atom<OrdersWords | undefined>(undefined);
