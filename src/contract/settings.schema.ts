import { LOCALES } from './i18n/locales.ts';
import { z } from './zod.ts';
import { AccountAnswer, AccountSchema } from './auth.schema.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, MessageAnswer, payload } from './shared.schema.ts';
import { NameForm, PasswordRule } from './forms.schema.ts';
import { messages } from './messages.ts';

/** Settings of the account: my details, marketing permissions, password. */
import { SOCIAL_NETWORKS } from './settings.ts';
export { SOCIAL_NETWORKS };

export const MarketingPermissionsSchema = z
  .object({
    email: z.boolean(),
    sms: z.boolean(),
    phone: z.boolean(),
    post: z.boolean(),
    social: z.boolean(),
    social_preference: z.enum(SOCIAL_NETWORKS, {
      error: 'social_preference must be one of Snapchat, Instagram, TikTok, Facebook, X',
    }),
  })
  .meta({ id: 'MarketingPermissions' });
export type MarketingPermissions = z.infer<typeof MarketingPermissionsSchema>;

/**
 * How we contact you (docs/product/customer-care.md): what a member who needs it asks of us, shown to the
 * agent with every ticket they open. A representative is a name and a relationship, both or neither.
 */
const optionalText = (max: number, field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `Keep the ${field} under ${max} characters.` })
    .transform((v) => v || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null);
export const ContactPreferencesSchema = z
  .object({
    large_print: z.boolean({ error: 'large_print must be true or false' }),
    no_phone_calls: z.boolean({ error: 'no_phone_calls must be true or false' }),
    email_only: z.boolean({ error: 'email_only must be true or false' }),
    representative_name: optionalText(100, "representative's name"),
    representative_relationship: optionalText(60, 'relationship'),
    notes: optionalText(500, 'note'),
  })
  .refine((p) => (p.representative_name === null) === (p.representative_relationship === null), {
    error: "Give your representative's name and how they are related to you, or neither.",
    path: ['representative_relationship'],
  })
  .meta({ id: 'ContactPreferences' });
export type ContactPreferences = z.output<typeof ContactPreferencesSchema>;

export const PasswordChangeSchema = z
  .object({
    current_password: z
      .string({ error: 'current_password is required' })
      .min(1, { error: 'current_password is required' })
      .max(200),
    new_password: PasswordRule,
  })
  .meta({ id: 'PasswordChange' });

/** The language the portal speaks to the member in (docs/product/languages.md). */
export const LanguageSchema = z.object({ language: z.enum(LOCALES) }).meta({ id: 'Language' });

const endpoint = endpointsOf({ tag: 'Settings', access: 'member' });

export const settingsApi = {
  details: endpoint({
    id: 'memberDetails',
    method: 'get',
    path: '/panda/protected/users/{user_id}/details',
    summary: 'The member’s own account and e-mail address (settings)',
    answer: payload(z.object({ account: AccountSchema, email: z.string(), language: z.enum(LOCALES) })),
    description: 'The account',
  }),
  saveLanguage: endpoint({
    id: 'saveLanguage',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/language',
    summary: 'The language the portal answers the member in (its messages); the codes stay the same',
    body: LanguageSchema,
    answer: payload(LanguageSchema),
    description: 'Saved',
  }),
  changeName: endpoint({
    id: 'changeName',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/name',
    summary: 'Change the member’s name',
    body: NameForm.meta({ id: 'NameBody' }),
    answer: AccountAnswer,
    description: 'Updated',
  }),
  marketingPermissions: endpoint({
    id: 'marketingPermissions',
    method: 'get',
    path: '/panda/protected/users/{user_id}/marketing-permissions',
    summary: 'Marketing permissions per channel',
    answer: payload(MarketingPermissionsSchema),
    description: 'Permissions',
  }),
  saveMarketingPermissions: endpoint({
    id: 'saveMarketingPermissions',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/marketing-permissions',
    summary: 'Change marketing permissions',
    body: MarketingPermissionsSchema,
    answer: payload(MarketingPermissionsSchema),
    description: 'Permissions',
  }),
  contactPreferences: endpoint({
    id: 'contactPreferences',
    method: 'get',
    path: '/panda/protected/users/{user_id}/contact-preferences',
    summary: 'How we contact you: large print, no phone calls, e-mail only, a representative, a note',
    answer: payload(ContactPreferencesSchema),
    description: 'The preferences (all off when none were set)',
  }),
  saveContactPreferences: endpoint({
    id: 'saveContactPreferences',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/contact-preferences',
    summary: 'Change how we contact you; the help desk sees it with every ticket you open',
    body: ContactPreferencesSchema,
    answer: payload(ContactPreferencesSchema),
    description: 'Saved',
  }),
  changePassword: endpoint({
    id: 'changePassword',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/password',
    summary: 'Change the password; every other session ends',
    body: PasswordChangeSchema,
    answer: MessageAnswer,
    description: 'Changed',
  }),
};

export const settingsFailures = failures('settings', {
  wrongCurrentPassword: { status: 400, message: messages.wrongCurrentPassword },
});

export const settingsMessages = {
  passwordChanged: 'Your password is changed. Other devices have been signed out.',
} as const;
