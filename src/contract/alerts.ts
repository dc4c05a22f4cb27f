// Zod-free, so that a screen reads these without loading the schemas (alerts.schema.ts).
/** Alerts (docs/product/member-controls.md): each cause in the app and by e-mail, each switchable. */
export const ALERT_CAUSES = [
  'data80',
  'data100',
  'renewal',
  'cardExpiry',
  'renewalFailed',
  'roamingArrival',
  'roamingFairUse',
  'roamingCap',
  'lowCredit',
  'householdRequest',
  'householdAnswer',
] as const;
export type AlertCause = (typeof ALERT_CAUSES)[number];

export const ALERT_LABELS: Record<AlertCause, { name: string; hint: string }> = {
  data80: { name: 'Data at 80 %', hint: 'When you have used 80 % of your membership’s data.' },
  data100: { name: 'Data used up', hint: 'When your membership’s data is all used.' },
  renewal: { name: 'Renewal reminder', hint: '3 days before your membership renews or ends.' },
  cardExpiry: { name: 'Card expiring', hint: 'When your stored card expires before your next renewal.' },
  renewalFailed: { name: 'Failed renewal', hint: 'When we could not renew your membership.' },
  roamingArrival: {
    name: 'Arriving abroad',
    hint: 'When you arrive in another country: the rates or the EU data left.',
  },
  roamingFairUse: { name: 'EU roaming data', hint: 'When you have used 80 % and all of your EU roaming data.' },
  roamingCap: {
    name: 'Data cost abroad',
    hint: 'At 80 % and 100 % of your monthly cap on data outside the EU (data stops at 100 %).',
  },
  lowCredit: { name: 'Credit low', hint: 'When use paid from your credit leaves €2 or less.' },
  householdRequest: {
    name: 'Requests from your household',
    hint: 'When a line of a household you run asks for data, credit, a membership or roaming.',
  },
  householdAnswer: {
    name: 'Answers to your requests',
    hint: 'When your household approves or declines what you asked for, or the request expires.',
  },
};

/** The credit at or under which use paid from credit raises the low-credit alert (cents). */
export const LOW_CREDIT_CENTS = 200;

/** How many days before the renewal date the reminder comes. */
export const RENEWAL_REMINDER_DAYS = 3;
