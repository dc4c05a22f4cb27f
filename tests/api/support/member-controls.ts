import { createMember, type MemberSpec } from './builders.ts';
import type { Session, TestContext } from './harness.ts';

/** The answer's message. */
export const message = async (res: Response) =>
  ((await res.json()) as { _payload: { message: string } })._payload.message;
/** The member's own user_id, as every member endpoint takes it. */
export const me = (s: Session) => ({ user_id: s.userId });

/**
 * Member controls (docs/product/member-controls.md) are tested by feature (security, alerts, receipts, my data,
 * SIM settings); these are the members they make, each test its own (a step-up code: the harness's
 * stepUpCode).
 */
export const specs = {
  /** €0.50, Data Plus, a stored Visa ending 0000. */
  card: { creditCents: 50, storedCard: true, membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 10 } },
  /** €25.00, no membership, no card. */
  rich: { creditCents: 2500 },
  /** Data Plus with 12 days left, €5.00. */
  lost: { creditCents: 500, membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 8 } },
  /** Data Plus with 15 days left, €3.00. */
  leaver: {
    creditCents: 300,
    firstname: 'Líadan',
    lastname: 'Power',
    membership: { sku: 'BDDT00', daysLeft: 15, usedGb: 5 },
  },
  /** Two days left of Data Plus with 85 % used and auto-renew; €2.00; a Mastercard ending 5454 that paid €9.99 20 days ago. */
  controls: {
    creditCents: 200,
    firstname: 'Clodagh',
    lastname: 'Nolan',
    marketing: { email: true, sms: false },
    membership: { sku: 'BDDT00', daysLeft: 2, usedGb: 25.5, recurrence: true },
    storedCard: { card: '5454545454545454', brand: 'MASTER', last4: '5454', expiry: '11/28' },
    cardPayments: [{ sku: 'BDDT00', daysAgo: 20 }],
  },
} satisfies Record<string, MemberSpec>;
export const make = (c: TestContext, name: keyof typeof specs) => createMember(c, specs[name]);

export const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
