/**
 * Tickets and complaints (docs/product/customer-care.md), shared by the contact form, my48 → Support and the
 * help desk's side (its sandbox, its webhook): each step is an entry of the timeline, kept and
 * mailed in the transaction that makes it, so what the member reads and what they were mailed agree.
 * Plain text throughout: nothing a person wrote is ever read as HTML. One file a job: the texts,
 * opening, the agent's steps, the complaints code's clock, the member's lists and pruning.
 */
export * from './tickets/texts.ts';
export * from './tickets/open.ts';
export * from './tickets/agent.ts';
export * from './tickets/complaints.ts';
export * from './tickets/lists.ts';
