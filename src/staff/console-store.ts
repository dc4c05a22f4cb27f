import { createRouter } from '@nanostores/router';
import { saveFile } from '../lib/download.ts';
import Cookies from 'js-cookie';
import { atom, map } from 'nanostores';
import type { Answer } from '../contract/endpoint.ts';
import type { staffApi } from '../contract/staff.schema.ts';
import { staffCalls } from '../contract/staff.calls.ts';
import { mayDo, STAFF_MARK_COOKIE, type StaffPermission } from '../contract/staff.ts';
import { messageOf, staffCall, StaffCallError } from './http.ts';

/**
 * The staff console's state (docs/product/staff.md "The console"): who is signed in, the screen the
 * address names, and each screen's reads and actions, tested in Node; the views only show them.
 */
export type Me = Answer<typeof staffApi.me>['_payload'];
export type Queues = Answer<typeof staffApi.queues>['_payload']['queues'];
export type Found = Answer<typeof staffApi.find>['_payload']['members'];
export type Member = Answer<typeof staffApi.open>['_payload'];
export type Requests = Answer<typeof staffApi.requests>['_payload']['requests'];
export type RefundOverview = Answer<typeof staffApi.refundFiles>['_payload'];
export type Audit = Answer<typeof staffApi.audit>['_payload'];
export type People = Answer<typeof staffApi.staff>['_payload']['people'];

export const $router = createRouter(
  {
    home: '/staff',
    find: '/staff/members',
    member: '/staff/members/:id',
    requests: '/staff/requests',
    refunds: '/staff/refunds',
    audit: '/staff/audit',
    people: '/staff/people',
    builds: '/staff/builds',
  },
  { links: false },
);

/** Whether a path is one of the console's screens (the router's own patterns). */
export const isScreen = (pathname: string) =>
  $router.routes.some(([, pattern]) => pattern instanceof RegExp && pattern.test(pathname.replace(/(.)\/$/, '$1')));

/**
 * Links to the console's own screens change the screen without a page load; every other link (the
 * sign-in, the site) loads as a link does. The router's own link handling took every same-origin link.
 */
export function catchScreenLinks(): () => void {
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (
      !link ||
      event.button !== 0 ||
      event.defaultPrevented ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if (link.download || (link.target && link.target !== '_self')) return;
    const url = new URL(link.href, location.origin);
    if (url.origin !== location.origin || !isScreen(url.pathname)) return;
    event.preventDefault();
    $router.open(url.pathname + url.search);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

/** The screens of the console, each with the permission it needs (the navigation shows only the role's). */
export const SCREENS = [
  { route: 'home', path: '/staff', label: 'Work queues', permission: 'console' },
  { route: 'find', path: '/staff/members', label: 'Find a member', permission: 'members.find' },
  { route: 'requests', path: '/staff/requests', label: 'Requests', permission: 'requests.decide' },
  { route: 'refunds', path: '/staff/refunds', label: 'Refund files', permission: 'refunds.file' },
  { route: 'audit', path: '/staff/audit', label: 'Audit log', permission: 'audit.read' },
  { route: 'people', path: '/staff/people', label: 'Staff', permission: 'staff.read' },
  { route: 'builds', path: '/staff/builds', label: 'Site builds', permission: 'content.publish' },
] as const satisfies readonly { route: string; path: string; label: string; permission: StaffPermission }[];

/** A read's state: loading, its data, or its message. */
export interface Read<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data?: T;
  error?: string;
}
function reader<T, K extends unknown[]>(read: (...key: K) => Promise<T>) {
  const $state = map<Read<T>>({ status: 'idle' });
  let asked = 0;
  return {
    $state,
    async load(...key: K) {
      const mine = ++asked;
      $state.set({ ...$state.get(), status: 'loading', error: undefined });
      try {
        const data = await read(...key);
        if (mine === asked) $state.set({ status: 'ready', data });
      } catch (error) {
        if (error instanceof StaffCallError && error.status === 401) $me.set({ status: 'signedOut' });
        if (mine === asked) $state.set({ status: 'error', error: messageOf(error) });
      }
    },
  };
}

/** Who is signed in: a person, nobody (the sign-in is offered), or unknown yet. */
export const $me = atom<
  { status: 'loading' } | { status: 'signedOut' } | { status: 'in'; me: Me } | { status: 'error'; error: string }
>({
  status: 'loading',
});
export async function loadMe() {
  // No staff session started in this browser (the sign-in's readable mark): the sign-in, without a 401 first.
  if (typeof document !== 'undefined' && !Cookies.get(STAFF_MARK_COOKIE)) return $me.set({ status: 'signedOut' });
  try {
    $me.set({ status: 'in', me: (await staffCall(staffCalls.me))._payload });
  } catch (error) {
    $me.set(
      error instanceof StaffCallError && error.status === 401
        ? { status: 'signedOut' }
        : { status: 'error', error: messageOf(error) },
    );
  }
}
export const may = (permission: StaffPermission) => {
  const me = $me.get();
  return me.status === 'in' && mayDo(me.me.role, permission);
};

export const queues = reader(async () => (await staffCall(staffCalls.queues))._payload.queues);
export const found = reader(async (q: string) => (await staffCall(staffCalls.find, { query: { q } }))._payload.members);
export const requests = reader(async () => (await staffCall(staffCalls.requests))._payload.requests);
export const refunds = reader(async () => (await staffCall(staffCalls.refundFiles))._payload);
export const audit = reader(
  async (from: string, to: string) => (await staffCall(staffCalls.audit, { query: { from, to } }))._payload,
);
export type Builds = Answer<typeof staffApi.builds>['_payload'];
export const builds = reader(async () => (await staffCall(staffCalls.builds))._payload);
export const rebuild = () =>
  act(
    'rebuild',
    async () => (await staffCall(staffCalls.rebuild))._payload.message ?? 'Queued.',
    () => builds.load(),
  );
export const rollback = (id: string) =>
  act(
    `rollback-${id}`,
    async () => (await staffCall(staffCalls.rollback, { body: { build: id } }))._payload.message ?? 'Live again.',
    () => builds.load(),
  );
export const people = reader(async () => (await staffCall(staffCalls.staff))._payload.people);

/** An action's outcome on a screen: what it said, in words, and whether it went through. */
export const $said = map<{ tone?: 'success' | 'error'; text?: string; busy?: string }>({});
export const say = (tone: 'success' | 'error', text: string) => $said.set({ tone, text });

/**
 * Runs an action once (a double press is one: the busy flag), says its answer, and reads again
 * what it changed. A 401 shows the sign-in.
 */
export async function act(name: string, run: () => Promise<string>, after?: () => Promise<void> | void) {
  if ($said.get().busy) return;
  $said.set({ busy: name });
  try {
    const message = await run();
    $said.set({ tone: 'success', text: message });
    await after?.();
  } catch (error) {
    if (error instanceof StaffCallError && error.status === 401) $me.set({ status: 'signedOut' });
    $said.set({ tone: 'error', text: messageOf(error) });
  }
}

/** "12.50", "€12.50", "12,50" or "12" as cents; undefined when it is not an amount. */
export function centsOf(text: string): number | undefined {
  const t = text.trim().replace(/^€\s*/, '').replace(',', '.');
  if (!/^[0-9]{1,4}(\.[0-9]{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

// ——— A member: opened with a reason, then its 360 ———

export const $member = map<{ id?: string; reason?: string; data?: Member; error?: string; busy?: boolean }>({});
export function closeMember(id?: string) {
  if ($member.get().id !== id) $member.set(id ? { id } : {});
}
export async function openMember(id: string, reason: string) {
  $member.set({ id, reason, busy: true });
  try {
    const data = (await staffCall(staffCalls.open, { params: { member_id: id }, body: { reason } }))._payload;
    if ($member.get().id === id) $member.set({ id, reason, data });
  } catch (error) {
    if (error instanceof StaffCallError && error.status === 401) $me.set({ status: 'signedOut' });
    if ($member.get().id === id) $member.set({ id, error: messageOf(error) });
  }
}
/** The 360 read again after an action (the same reason: it is audited again, as a new look). */
const reopen = async () => {
  const { id, reason } = $member.get();
  if (id && reason) {
    const data = (await staffCall(staffCalls.open, { params: { member_id: id }, body: { reason } }))._payload;
    if ($member.get().id === id) $member.set({ ...$member.get(), data });
  }
};

export const reverse = (ledgerId: number, reason: string) =>
  act(
    `reverse-${ledgerId}`,
    async () =>
      (
        await staffCall(staffCalls.reverse, {
          params: { member_id: $member.get().id! },
          body: { ledger_id: ledgerId, reason },
        })
      )._payload.message,
    reopen,
  );

export const giveGoodwill = (ssn: string, amount: string, reason: string) => {
  const cents = centsOf(amount);
  if (cents === undefined || cents < 1) return say('error', 'Enter an amount in euro, like 5.00.');
  return act(
    'goodwill',
    async () =>
      (
        await staffCall(staffCalls.goodwill, {
          params: { member_id: $member.get().id! },
          body: { ssn, amount_cents: cents, reason },
        })
      )._payload.message,
    reopen,
  );
};

export const addNote = (text: string) =>
  act(
    'note',
    async () => {
      await staffCall(staffCalls.note, { params: { member_id: $member.get().id! }, body: { text } });
      return 'Note added.';
    },
    reopen,
  );

export const resendVerification = (reason: string) =>
  act(
    'verification',
    async () =>
      (await staffCall(staffCalls.resendVerification, { params: { member_id: $member.get().id! }, body: { reason } }))
        ._payload.message,
  );

/** The fraud team's actions on the open member, each with the check made. */
type Checked = { reason: string; check: string };
export const blockLine = (ssn: string, body: Checked) =>
  act(
    `block-${ssn}`,
    async () =>
      (await staffCall(staffCalls.blockLine, { params: { member_id: $member.get().id!, ssn }, body }))._payload.message,
    reopen,
  );
export const unblockLine = (ssn: string, body: Checked) =>
  act(
    `unblock-${ssn}`,
    async () =>
      (await staffCall(staffCalls.unblockLine, { params: { member_id: $member.get().id!, ssn }, body }))._payload
        .message,
    reopen,
  );
export const endNumberLock = (body: Checked) =>
  act(
    'end-lock',
    async () =>
      (await staffCall(staffCalls.endNumberLock, { params: { member_id: $member.get().id! }, body }))._payload.message,
    reopen,
  );
export const closeCase = (caseId: string, body: Checked) =>
  act(
    `close-${caseId}`,
    async () => (await staffCall(staffCalls.closeCase, { params: { case_id: caseId }, body }))._payload.message,
    () => queues.load(),
  );

export const decide = (id: number, decision: 'approve' | 'decline', note: string) =>
  act(
    `decide-${id}`,
    async () =>
      (await staffCall(staffCalls.decide, { params: { request_id: String(id) }, body: { decision, note } }))._payload
        .message,
    () => requests.load(),
  );

export const take = (queue: string, ref: string) =>
  act(
    `take-${ref}`,
    async () => (await staffCall(staffCalls.take, { params: { queue }, body: { ref } }))._payload.message,
    () => queues.load(),
  );

export const makeFile = () =>
  act(
    'make-file',
    async () => (await staffCall(staffCalls.makeRefundFile))._payload.message,
    () => refunds.load(),
  );
export const approveFile = (id: number) =>
  act(
    `approve-${id}`,
    async () => (await staffCall(staffCalls.approveRefundFile, { params: { file_id: String(id) } }))._payload.message,
    () => refunds.load(),
  );
export const fileSent = (id: number) =>
  act(
    `sent-${id}`,
    async () => (await staffCall(staffCalls.refundFileSent, { params: { file_id: String(id) } }))._payload.message,
    () => refunds.load(),
  );
export const enterReturn = (endToEndId: string, reason: string) =>
  act(
    'return',
    async () =>
      (await staffCall(staffCalls.refundReturn, { body: { end_to_end_id: endToEndId.trim(), reason } }))._payload
        .message,
    () => refunds.load(),
  );

/** A file's XML, saved as a download (the bank's copy). */
export async function downloadFile(id: number) {
  await act(`download-${id}`, async () => {
    const file = (await staffCall(staffCalls.refundFile, { params: { file_id: String(id) } }))._payload;
    saveFile(`${file.message_id}.xml`, file.xml, 'application/xml');
    return `${file.message_id}.xml downloaded.`;
  });
}

/** The audit log of a range as CSV (RFC 4180), saved as a download. */
export async function exportAudit(from: string, to: string) {
  await act('export', async () => {
    const answer = (await staffCall(staffCalls.audit, { query: { from, to, format: 'csv' } }))._payload;
    saveFile(`48-audit-${from}-to-${to}.csv`, answer.csv ?? '', 'text/csv;charset=utf-8');
    return `${answer.entries.length} entries exported.`;
  });
}
