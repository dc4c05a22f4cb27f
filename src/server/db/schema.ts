/**
 * The panda database, by domain: each module's tables and their relations in its `*.tables.ts`,
 * the platform's here beside. Rules that
 * protect money and allowances are constraints there, not only checks in code: a balance can never
 * go negative, usage never passes its allowance, an e-mail address exists once whatever its case,
 * and a SIM has one flexible-data action a month. Every table is exported from here, so the server
 * imports `db/schema.ts` and drizzle-kit reads the whole schema from this one file.
 */
export * from '../modules/identity/members.tables.ts';
export * from '../modules/identity/access.tables.ts';
export * from '../modules/alerts/alerts.tables.ts';
export * from '../modules/lines/orders.tables.ts';
export * from '../modules/lines/sims.tables.ts';
export * from '../modules/money/money.tables.ts';
export * from '../modules/money/memberships.tables.ts';
export * from '../modules/flexi-data/flexi-data.tables.ts';
export * from '../modules/care/tickets.tables.ts';
export * from '../modules/community/recruit.tables.ts';
export * from '../modules/household/household.tables.ts';
export * from '../modules/roaming/roaming.tables.ts';
export * from './schema/platform.ts';
export * from '../modules/network/network.tables.ts';
export * from '../modules/care/chat.tables.ts';
export * from '../modules/controls/controls.tables.ts';
export * from '../modules/audit/audit.tables.ts';
export * from '../modules/staff/staff.tables.ts';
