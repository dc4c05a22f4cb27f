/** Every outside service's real settings (production.md), but the secrets. */
export const productionSettings = {
  SITE_URL: 'https://www.48.ie',
  DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
  SMTP_URL: 'smtp://mail.internal:587',
  PAYMENT_BASE_URL: 'https://pay.example',
  PAYMENT_ENTITY_ID: 'entity',
  PAYMENT_ACCESS_TOKEN: 'token',
  REFERRAL_DOMAIN: 'https://ref.example',
  REFERRAL_TOKEN: 'token',
  REFERRAL_SIGNATURE: 'signature',
  CATALOGUE_URL: 'https://catalogue.example',
  CATALOGUE_API_KEY: 'key',
  GEOIP_URL: 'https://geo.example',
  HELPDESK_API_URL: 'https://desk.example',
  HELPDESK_API_TOKEN: 'token',
  DELIVERY_API_URL: 'https://tracking.example',
  DELIVERY_API_TOKEN: 'token',
  HELPDESK_URL: 'https://help.example',
  // Web Push (phone.md): a key pair's shape (base64url, 87 and 43 characters) and the contact.
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'k'.repeat(43),
  VAPID_SUBJECT: 'mailto:ops@48.ie',
};
