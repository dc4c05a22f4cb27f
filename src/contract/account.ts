import { z } from '@hono/zod-openapi';

/**
 * Requests and responses of the panda API, shared by the browser and the server. Data is
 * in KB, money in cents, dates as ISO strings; `max: null` means unlimited.
 */
export const AllowanceSchema = z.object({
  max: z.number().int().nullable(),
  used: z.number().int(),
  left: z.number().int().nullable(),
});
export type Allowance = z.infer<typeof AllowanceSchema>;

export const GoodyBagSchema = z.object({
  product_sku: z.string(),
  max_onboard_data: z.number().int(),
  onboard_data: z.number().int(),
  days_left_for_expiry: z.number().int(),
});

export const BalanceSummarySchema = z
  .object({
    is_current_membership: z.boolean(),
    main: z.number().int().openapi({ description: 'Credit in cents' }),
    previous_SKU: z.string().nullable(),
    goodybags_summary: z.object({ goodyBags: z.array(GoodyBagSchema) }),
    max_membership_data: z.number().int().nullable(),
    max_data: z.number().int().nullable(),
    used_data: z.number().int(),
    left_data: z.number().int().nullable(),
    left_membership_data: z.number().int().nullable(),
    queued_membership_start_date: z.string().nullable(),
    expiry_date: z.string().nullable(),
    product_SKU: z.string().nullable(),
    have_queued_membership: z.boolean(),
    recurrence_enabled: z.boolean(),
    membership_recurrence_sku: z.string().nullable(),
    current_membership: z.string().nullable(),
    is_unlimited: z.boolean(),
    max_fup_data: z.number().int().nullable(),
    used_fup_data: z.number().int(),
    left_fup_data: z.number().int().nullable(),
    max_membership_fup_data: z.number().int().nullable(),
    mobile_minutes: AllowanceSchema,
    minutes: AllowanceSchema.openapi({ description: 'Landline minutes' }),
    text: AllowanceSchema,
    roaming_data: AllowanceSchema,
    days_left: z.number().int(),
    carryover_data: z.number().int(),
  })
  .openapi('BalanceSummary');
export type BalanceSummary = z.infer<typeof BalanceSummarySchema>;

export const AccountSchema = z
  .object({
    user_id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    nickname: z.string(),
    is_verified: z.boolean(),
    is_password_compliant: z.boolean(),
    first_login: z.boolean(),
    capture_marketing_permissions: z.boolean(),
    referred_by: z.string().nullable(),
    isNewMemberShip: z.boolean(),
    role: z.object({ rolename: z.string() }),
  })
  .openapi('Account');
export type Account = z.infer<typeof AccountSchema>;

export const LoginBodySchema = z
  .object({
    username: z.email({ error: 'username must be an e-mail address' }).max(254, { error: 'username is too long' }),
    password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(200, { error: 'password is too long' }),
  })
  .openapi('LoginBody');

export const ErrorSchema = z.object({ _payload: z.object({ message: z.string() }) }).openapi('Error');

export const SimSchema = z.object({ ssn: z.string(), msisdn: z.string().nullable(), product: z.string(), requester: z.string() });

export const TransactionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  description: z.string(),
  amount: z.number().int().openapi({ description: 'Cents; negative for money spent' }),
});

/** Password rules for sign-up, reset and change: long enough to resist guessing, not absurdly long. */
export const PasswordSchema = z
  .string({ error: 'password is required' })
  .min(10, { error: 'password must be at least 10 characters' })
  .max(200, { error: 'password must be at most 200 characters' })
  .regex(/[A-Za-z]/, { error: 'password must contain a letter' })
  .regex(/[0-9]/, { error: 'password must contain a digit' });

const name = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(60, { error: `${field} must be at most 60 characters` })
    .regex(/^[\p{L}\p{M}' .-]+$/u, { error: `${field} may contain letters, spaces, apostrophes, dots and hyphens only` });

export const SignUpBodySchema = z
  .object({
    email: z.email({ error: 'email must be an e-mail address' }).max(254, { error: 'email is too long' }),
    password: PasswordSchema,
    firstname: name('firstname'),
    lastname: name('lastname'),
    nickname: name('nickname').optional(),
  })
  .openapi('SignUpBody');

export const NameBodySchema = z.object({ firstname: name('firstname'), lastname: name('lastname'), nickname: name('nickname').optional() }).openapi('NameBody');

export const PasswordChangeSchema = z
  .object({ current_password: z.string({ error: 'current_password is required' }).min(1).max(200), new_password: PasswordSchema })
  .openapi('PasswordChange');

export const MarketingPermissionsSchema = z
  .object({
    email: z.boolean(),
    sms: z.boolean(),
    phone: z.boolean(),
    post: z.boolean(),
    social: z.boolean(),
    social_preference: z.enum(['Snapchat', 'Instagram', 'TikTok', 'Facebook', 'X'], { error: 'social_preference must be one of Snapchat, Instagram, TikTok, Facebook, X' }),
  })
  .openapi('MarketingPermissions');
