/**
 * The panda database, by domain (each file holds its tables and their relations). Rules that
 * protect money and allowances are constraints there, not only checks in code: a balance can never
 * go negative, usage never passes its allowance, an e-mail address exists once whatever its case,
 * and a SIM has one flexible-data action a month. Every table is exported from here, so the server
 * imports `db/schema.ts` and drizzle-kit reads the whole schema from this one file.
 */
export * from './schema/members.ts';
export * from './schema/access.ts';
export * from './schema/orders.ts';
export * from './schema/sims.ts';
export * from './schema/money.ts';
export * from './schema/memberships.ts';
export * from './schema/tickets.ts';
export * from './schema/recruit.ts';
export * from './schema/household.ts';
export * from './schema/roaming.ts';
export * from './schema/platform.ts';
export * from './schema/network.ts';
export * from './schema/chat.ts';
