/** What /panda/ready answers on a quiet instance (nothing pending, failed or kept aside), with its mail's state. */
export const quietReadiness = (mail: 'not configured' | 'ok') => ({
  status: 'ready',
  mail,
  cdn: { purges: 'ok', pending: 0 },
  network: {
    pending: 0,
    oldest_pending_s: 0,
    failed: 0,
    waiting: 0,
    in_jeopardy: 0,
    hubs: { serviceOrdering: false, usageManagement: false, serviceInventory: false },
    dead_letters: 0,
    drift: 0,
    balance_drift: 0,
  },
  charging: { uncharged: 0, uncharged_cents: 0 },
  refunds: { waiting: 0, waiting_cents: 0, unsent_files: 0, unapproved_files: 0, console: 'off' },
  chat: { unopened: 0 },
  staff: { idp: 'off' },
});
