/**
 * The people who run 48 (docs/product/staff.md): their roles, what each role may do, and the
 * limits of the powers that move money, as data. The server checks an endpoint's permission against
 * the signed-in person's role from here; the console shows only what the role may do from here too.
 * Imports nothing: the console's light screens and the server read the same table.
 */
export const STAFF_ROLES = ['agent', 'supervisor', 'fraud', 'finance', 'editor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Sign in, see one's own identity and the work queues' counts. */
  'console',
  /** Find a member by number, e-mail, SIM serial or name (a list of names and numbers only). */
  'members.find',
  /** Open a member's 360, with a reason (audited before anything is shown). */
  'members.open',
  /** Add a note to a member. */
  'members.note',
  /** Resend the verification of a member's e-mail address. */
  'members.verify',
  /** Give goodwill credit, within the role's limit (above it: a request). */
  'money.goodwill',
  /** Reverse one charge, within the role's limit (above it: a request). */
  'money.reverse',
  /** Approve or decline another person's request (never one's own). */
  'requests.decide',
  /** The fraud queue: block or unblock a line, end a number lock, close a case. */
  'fraud.act',
  /** Credit back by bank transfer: make the day's file, approve another's, mark it sent, enter returns. */
  'refunds.file',
  /** The published site: its builds, a rebuild, back to an earlier build. */
  'content.publish',
  /** The audit log and its export. */
  'audit.read',
  /** The staff and their roles, as the identity provider last said them. */
  'staff.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const AGENT: StaffPermission[] = [
  'console',
  'members.find',
  'members.open',
  'members.note',
  'members.verify',
  'money.goodwill',
  'money.reverse',
];

/** Each role's powers (docs/product/staff.md "Roles"): one role a person, from the identity provider's claim. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  agent: AGENT,
  supervisor: [...AGENT, 'requests.decide'],
  fraud: ['console', 'members.find', 'members.open', 'members.note', 'fraud.act'],
  finance: ['console', 'members.find', 'members.open', 'refunds.file'],
  editor: ['console', 'content.publish'],
  admin: ['console', 'audit.read', 'staff.read'],
};

/** Readable by the console (no secret in it): a staff session was started in this browser. */
export const STAFF_MARK_COOKIE = '48-staff-in';

export const mayDo = (role: StaffRole, permission: StaffPermission) => ROLE_PERMISSIONS[role].includes(permission);

/**
 * What a role may move without another person (cents). Goodwill is counted per member over 30 days,
 * a reversal per charge. Above it the action is a request another person with the power approves.
 */
export const STAFF_LIMITS: Partial<Record<StaffRole, { goodwill: number; reversal: number }>> = {
  agent: { goodwill: 1_000, reversal: 2_000 },
  supervisor: { goodwill: 10_000, reversal: 10_000 },
};
/** Goodwill is counted over this many days per member. */
export const GOODWILL_WINDOW_DAYS = 30;
/** The most one goodwill credit may be, requested or not (cents). */
export const GOODWILL_MAX_CENTS = 50_000;
/** A request no one decided ends after this long. */
export const REQUEST_EXPIRY_HOURS = 72;
/** A reason is a ticket or chat reference, or words of at least this many characters. */
export const REASON_MIN_CHARS = 10;
/** A ticket or chat reference: accepted as a reason whatever its length. */
export const REFERENCE_REASON = /^(?:T|CH|C)-?[0-9]{3,12}$/i;

/** The work queues on the console's home (docs/product/staff.md "Work queues"), and the permission that works each. */
export const STAFF_QUEUES = {
  requests: { title: 'Requests waiting for approval', permission: 'requests.decide' },
  fraud: { title: 'Fraud cases', permission: 'fraud.act' },
  uncharged: { title: 'Use credit could not pay', permission: 'refunds.file' },
  balances: { title: 'Differences with the network’s balances', permission: 'refunds.file' },
  orders: { title: 'Network orders that failed and dead letters', permission: 'fraud.act' },
  transfers: { title: 'Credit-back transfers waiting for a file', permission: 'refunds.file' },
  files: { title: 'Refund files waiting for approval or sending', permission: 'refunds.file' },
} as const satisfies Record<string, { title: string; permission: StaffPermission }>;
export type StaffQueue = keyof typeof STAFF_QUEUES;

/** What the audit log says was done (besides "opened"). */
export const STAFF_ACTIONS = [
  'searched',
  'opened',
  'note',
  'goodwill',
  'reversal',
  'verification',
  'requested',
  'approved',
  'declined',
  'block',
  'unblock',
  'number-lock-ended',
  'case-closed',
  'refund-file-made',
  'refund-file-approved',
  'refund-file-sent',
  'refund-returned',
  'rebuild',
  'rollback',
  'audit-export',
  'audit-read',
  'signed-in',
  'signed-out',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Words for an action, as the member reads them in Settings → My data. */
export const ACTION_WORDS: Record<StaffAction, string> = {
  searched: 'Searched for members',
  opened: 'Opened your account',
  note: 'Added a note',
  goodwill: 'Gave you goodwill credit',
  reversal: 'Reversed a charge',
  verification: 'Sent the verification of your e-mail address again',
  requested: 'Asked for approval of a change to your account',
  approved: 'Approved a change to your account',
  declined: 'Declined a change to your account',
  block: 'Blocked a line',
  unblock: 'Unblocked a line',
  'number-lock-ended': 'Ended a number lock',
  'case-closed': 'Closed a fraud case',
  'refund-file-made': 'Made a refund file',
  'refund-file-approved': 'Approved a refund file',
  'refund-file-sent': 'Marked a refund file sent',
  'refund-returned': 'Entered a returned transfer',
  rebuild: 'Rebuilt the site',
  rollback: 'Went back to an earlier build',
  'audit-export': 'Exported the audit log',
  'audit-read': 'Read the audit log',
  'signed-in': 'Signed in',
  'signed-out': 'Signed out',
};

export const ROLE_WORDS: Record<StaffRole, string> = {
  agent: 'Customer care agent',
  supervisor: 'Customer care supervisor',
  fraud: 'Fraud team',
  finance: 'Finance',
  editor: 'Editor',
  admin: 'Administrator',
};
