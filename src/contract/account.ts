import { z } from '@hono/zod-openapi';
import { ActivateSimForm, ChangeSimForm, FreeSimOrderForm, LoginForm, NameForm, PasswordRule, PortInForm, ReorderSimForm, SignUpForm } from './forms.ts';

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

export const LoginBodySchema = LoginForm.openapi('LoginBody');

export const ErrorSchema = z.object({ _payload: z.object({ message: z.string() }) }).openapi('Error');

export const SimSchema = z.object({ ssn: z.string(), msisdn: z.string().nullable(), product: z.string(), requester: z.string() });

export const TransactionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  description: z.string(),
  amount: z.number().int().openapi({ description: 'Cents; negative for money spent' }),
});

export const PasswordSchema = PasswordRule;

export const SignUpBodySchema = SignUpForm.openapi('SignUpBody');

export const NameBodySchema = NameForm.openapi('NameBody');

export const ActivateSimBodySchema = ActivateSimForm.openapi('ActivateSimBody');

export const FreeSimOrderSchema = FreeSimOrderForm.openapi('FreeSimOrder');

export const PortInBodySchema = PortInForm.openapi('PortInBody');
export const ReorderSimBodySchema = ReorderSimForm.openapi('ReorderSimBody');
export const ChangeSimBodySchema = ChangeSimForm.openapi('ChangeSimBody');

export const PortInSchema = z
  .object({ id: z.number().int(), msisdn: z.string(), current_provider: z.string(), account_type: z.string(), status: z.string(), created_at: z.string() })
  .openapi('PortIn');
export type PortIn = z.infer<typeof PortInSchema>;

export const OrderSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    status: z.enum(['SIM_ORDERED', 'SIM_REORDERED', 'SIM_DELIVERED']),
    created_at: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    s_line1: z.string(),
    s_line2: z.string().nullable(),
    s_city: z.string(),
    s_county: z.string(),
    s_postcode: z.string().nullable(),
  })
  .openapi('Order');
export type Order = z.infer<typeof OrderSchema>;

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
