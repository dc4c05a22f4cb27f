import type { DemoMember } from './member-spec.ts';

/**
 * The demo members of the controls and lifelines beyond the spec (docs/product/member-controls.md,
 * docs/product/lifelines.md, docs/product/customer-care.md, docs/product/roaming.md): numbers 31 on.
 */
export const BEYOND_THE_SPEC: DemoMember[] = [
  {
    n: 31,
    email: 'controls@example.com',
    firstname: 'Clodagh',
    lastname: 'Nolan',
    creditCents: 200,
    membership: { sku: 'BDDT00', daysLeft: 2, usedGb: 25.5, recurrence: true },
    storedCard: { card: '5454545454545454', brand: 'MASTER', last4: '5454', expiry: '11/28' },
    cardPayments: [{ sku: 'BDDT00', daysAgo: 20 }],
  },
  {
    n: 32,
    email: 'lost@example.com',
    firstname: 'Lorcan',
    lastname: 'Quinn',
    creditCents: 500,
    membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 8 },
  },
  {
    n: 33,
    email: 'leaver@example.com',
    firstname: 'Líadan',
    lastname: 'Power',
    creditCents: 300,
    membership: { sku: 'BDDT00', daysLeft: 15, usedGb: 5 },
  },
  // docs/product/lifelines.md: the top-up advance. advance@ may take one (its card top-ups are the seeded ones:
  // two months of history, so two in the last 90 days, as the demo accounts say).
  {
    n: 34,
    email: 'advance@example.com',
    firstname: 'Aisling',
    lastname: 'Duffy',
    creditCents: 40,
    simAgeDays: 120,
    historyDays: 60,
    membership: { sku: 'BDDT00', daysLeft: 14, usedGb: 9 },
  },
  {
    n: 35,
    email: 'owing@example.com',
    firstname: 'Oisín',
    lastname: 'Daly',
    creditCents: 0,
    membership: { sku: 'BDDT00', daysLeft: 11, usedGb: 12 },
    advance: { owedCents: 550, daysAgo: 3 },
  },
  // docs/product/lifelines.md: household lines. family@ owns one with teen@ and gran@; cousin@ is the one to invite.
  {
    n: 36,
    email: 'family@example.com',
    firstname: 'Fiona',
    lastname: 'Walsh',
    creditCents: 1200,
    membership: { sku: 'BDDT00', daysLeft: 18, usedGb: 6 },
    // Shown as the member's Visa ending 4242; its token is the sandbox's success card.
    storedCard: { card: '4200000000000000', brand: 'VISA', last4: '4242', expiry: '10/30' },
    household: ['teen@example.com', 'gran@example.com'],
  },
  {
    n: 37,
    email: 'teen@example.com',
    firstname: 'Tadhg',
    lastname: 'Walsh',
    creditCents: 20,
    membership: { sku: 'BDDT00', daysLeft: 4, usedGb: 27 },
  },
  {
    n: 38,
    email: 'gran@example.com',
    firstname: 'Gráinne',
    lastname: 'Walsh',
    creditCents: 350,
    membership: { sku: 'BDDV00', daysLeft: 21, usedGb: 14, recurrence: true },
  },
  {
    n: 39,
    email: 'cousin@example.com',
    firstname: 'Cian',
    lastname: 'Walsh',
    creditCents: 500,
    membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 11 },
  },
  // docs/product/customer-care.md: complaint@'s complaint is overdue (received 12 working days ago, no response), so
  // Support shows it late with the ComReg card; answered@'s was responded to three days ago.
  {
    n: 40,
    email: 'complaint@example.com',
    firstname: 'Clodagh',
    lastname: 'Byrne',
    creditCents: 500,
    membership: { sku: 'BDDT00', daysLeft: 18, usedGb: 9 },
    complaint: {
      number: 40,
      receivedWorkingDaysAgo: 12,
      message:
        'I was charged twice for my membership this month: €9.99 on the 3rd and again on the 4th. Please refund the second payment.',
    },
    contactPreferences: { largePrint: true, noPhoneCalls: true },
  },
  {
    n: 41,
    email: 'answered@example.com',
    firstname: 'Eoin',
    lastname: 'Daly',
    creditCents: 500,
    membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 6 },
    complaint: {
      number: 41,
      receivedWorkingDaysAgo: 8,
      respondedDaysAgo: 3,
      message: 'My data stopped working for two days last week although I had 20 GB left.',
      response:
        'We found a fault at the mast near you on those two days, now fixed. We have added 5 GB to your SIM for the trouble.',
    },
  },
  // docs/product/customer-care.md: parcel@ waits for its free SIM, dispatched an hour ago (the sandbox carrier delivers it).
  {
    n: 42,
    email: 'parcel@example.com',
    firstname: 'Pádraig',
    lastname: 'Lynch',
    sim: 'none',
    freeSimOrder: { placedMinutesAgo: 120, dispatchedMinutesAgo: 60 },
  },
  // docs/product/roaming.md: traveller@ is in France with 3 GB of the EU allowance used; creditonly@ has no
  // membership, so the allowance comes from the credit.
  {
    n: 43,
    email: 'traveller@example.com',
    firstname: 'Tadhg',
    lastname: 'Ryan',
    creditCents: 2000,
    membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 6 },
    abroad: [{ country: 'FR', dataGb: 3, minutes: 25, texts: 12 }],
  },
  {
    n: 44,
    email: 'creditonly@example.com',
    firstname: 'Clíona',
    lastname: 'Nolan',
    creditCents: 2000,
  },
  // docs/product/money.md "Credit back": a number that moved to another network 3 days ago, €7.50 of credit left.
  {
    n: 45,
    email: 'movedaway@example.com',
    firstname: 'Méabh',
    lastname: 'Daly',
    creditCents: 750,
    storedCard: true,
    // Paid by card longer ago than a card can be refunded: the credit goes back by bank transfer.
    cardPayments: [{ sku: 'BDDT00', daysAgo: 200 }],
    movedAway: { daysAgo: 3 },
  },
];
