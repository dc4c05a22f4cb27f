import { z } from 'zod';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { PAIN_FORMATS } from '../../../../../contract/port-out-credit.ts';
import { credential, settings } from '../../../../integrations/integration.ts';

/**
 * Credit back by bank transfer (docs/product/money.md "Credit back"): finance's page credential and
 * the account refunds are paid from. FINANCE_TOKEN unset: the finance page is off (404) and
 * /panda/ready says how many transfers wait; the paying account unset: the sandbox's, where the
 * sandboxes answer, else no file is made.
 */
export const refundsSettings = settings({
  shape: {
    FINANCE_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
    REFUND_DEBTOR_NAME: credential(),
    REFUND_DEBTOR_IBAN: z
      .string()
      .refine((v) => isValidIBAN(v.replace(/\s+/g, '').toUpperCase()), { error: 'must be a valid IBAN' })
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .optional(),
    REFUND_DEBTOR_BIC: z
      .string()
      .refine((v) => isValidBIC(v.toUpperCase()), { error: 'must be a valid BIC' })
      .transform((v) => v.toUpperCase())
      .optional(),
    /** The message of the day's file: pain.001.001.09 (the EPC's rulebooks since 2023), or .03 for a bank still on the 2019 guideline. */
    REFUND_PAIN_FORMAT: z.enum(PAIN_FORMATS).default('pain.001.001.09'),
  },
  together: [['REFUND_DEBTOR_NAME', 'REFUND_DEBTOR_IBAN', 'REFUND_DEBTOR_BIC']],
});
