/**
 * The audit module's face (docs/product/staff.md "The audit log"): what the people of 48 did, append-only
 * and hash-chained. The staff console records and reads it; a member reads their own entries in
 * Settings → My data and in the data export.
 */
export { auditCsv, checkChain, entriesBetween, entriesOfMember, forMember, record } from './audit.ts';
export type { Actor, AuditFact } from './audit.ts';
export { auditJobs, lastChainCheck } from './jobs.ts';
