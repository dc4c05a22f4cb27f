import { map } from 'nanostores';
import { z } from '../../../contract/zod.ts';
import { alertsApi, type AlertSettings } from '../../../contract/alerts.schema.ts';
import { LOW_CREDIT_CENTS, RENEWAL_REMINDER_DAYS, type AlertCause } from '../../../contract/alerts.ts';
import type { Answer } from '../../../contract/endpoint.ts';
import { myDataApi } from '../../../contract/my-data.schema.ts';
import { staffAccessApi } from '../../../contract/staff.schema.ts';
import { EmailChangeForm, securityApi } from '../../../contract/security.schema.ts';
import { SPEND_LIMIT_MAX_CENTS, SPEND_LIMIT_MIN_CENTS } from '../../../contract/security.ts';
import { euro } from '../../../lib/format.ts';
import { clearAllCookies } from '../../../lib/auth-code.ts';
import { forgetMemberOnDevice } from '../../../lib/device-forget.ts';
import { call, errorMessage } from '../../../lib/http.ts';
import { currentUserId, memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { actionStore } from '../../../stores/action.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { StepUpCodeField } from '../../stores/step-up.ts';
import { say, sayCount } from '../../speech.ts';

type SpendLimit = Answer<typeof securityApi.spendLimit>['_payload'];
type Alert = Answer<typeof alertsApi.list>['_payload']['values'][number];

const reloadAccount = () => {
  const userId = currentUserId();
  if (userId) void loadAccount(userId, { force: true });
};
const simParams = () => ({ ...memberParams(), ssn: $account.get().sim?.ssn ?? '' });

// ——— Spend limit ———

export const spendLimit = loader<SpendLimit>(
  async () => (await call(securityApi.spendLimit, { params: memberParams() }))._payload,
  () => say('my48.sec.limit.loadFailed'),
);
export const loadSpendLimit = () => spendLimit.load();
/** A saved limit is what the server answered: shown as if read. */
const showLimit = (data: SpendLimit) => spendLimit.$state.set({ status: 'ready', data });
/** Removing the limit failed: the message beside the form (the limit shown stays). */
export const $removeLimitError = map<{ error?: string | undefined }>({});

/** The limit in euro as people type it ("20", "20.50", "€20"); cents for the API. */
export const SpendLimitInput = z.object({
  limit: z
    .string()
    .trim()
    .transform((v) => v.replace(/^€\s*/, '').replace(',', '.'))
    .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, { error: () => say('my48.sec.limit.amount') }))
    .transform((v) => Math.round(Number(v) * 100))
    .pipe(
      z
        .number()
        .min(SPEND_LIMIT_MIN_CENTS, { error: () => say('my48.sec.limit.min', { amount: euro(SPEND_LIMIT_MIN_CENTS) }) })
        .max(SPEND_LIMIT_MAX_CENTS, {
          error: () => say('my48.sec.limit.max', { amount: euro(SPEND_LIMIT_MAX_CENTS) }),
        }),
    ),
});
export const spendLimitForm = formStore({
  schema: SpendLimitInput,
  labels: { limit: 'Monthly limit' },
  busyLabel: 'Saving…',
  send: async ({ limit }) => {
    const { _payload } = await call(securityApi.setSpendLimit, {
      params: memberParams(),
      body: { limit_cents: limit },
    });
    showLimit(_payload);
    return say('my48.sec.limit.saved', { amount: euro(limit) });
  },
});
export async function removeSpendLimit(): Promise<void> {
  $removeLimitError.set({});
  try {
    showLimit(
      (await call(securityApi.setSpendLimit, { params: memberParams(), body: { limit_cents: null } }))._payload,
    );
    spendLimitForm.reset();
  } catch (error) {
    $removeLimitError.set({ error: errorMessage(error) });
  }
}

// ——— Lost or stolen ———

const block = actionStore<'block'>();
export const $block = block.$state;
/** The account read again before the screen says it changed: the control the member pressed never shows again meanwhile. */
const accountRead = async () => {
  const userId = currentUserId();
  if (userId) await loadAccount(userId, { force: true, quiet: true });
};
export const reportLost = () =>
  block.run('block', async () => {
    await call(securityApi.blockSim, { params: simParams() });
    await accountRead();
    return say('my48.sec.lost.blocked');
  });
/**
 * Until the network has done what the member asked (the line suspended or back in service), the
 * account is read again every few seconds, for two minutes at most; returns the stop.
 */
export function followLineState(): () => void {
  let left = 40;
  const timer = setInterval(() => {
    const sim = $account.get().sim;
    const done = !sim || (sim.blocked ? sim.line_state === 'suspended' : sim.line_state !== 'suspended');
    if (done || --left < 0) return clearInterval(timer);
    reloadAccount();
  }, 3000);
  return () => clearInterval(timer);
}
/**
 * What the lost-SIM control says, once, as the network holds it: blocked here, then on the network;
 * after an unblock, "unblocking on the network…" until the line is back, then that it works again.
 */
export function lostSimMessage(
  sim: { blocked: boolean; line_state: 'active' | 'suspended' | null; network_waiting: boolean },
  justUnblocked: boolean,
): { tone: 'error' | 'info' | 'success'; text: string } | undefined {
  if (sim.blocked)
    return {
      tone: 'error',
      text:
        sim.line_state === 'suspended'
          ? say('my48.sec.lost.blockedNetwork')
          : sim.network_waiting
            ? say('my48.sec.lost.blockedWaiting')
            : say('my48.sec.lost.blockedHere'),
    };
  if (!justUnblocked) return undefined;
  return sim.line_state === 'suspended'
    ? { tone: 'info', text: say('my48.sec.lost.unblockingNetwork') }
    : { tone: 'success', text: say('my48.sec.lost.unblocked') };
}

/** What an unblock answered: the lost-SIM control follows the network from it (a mark, not words). */
export const UNBLOCKED = 'unblocked';

export const unblockForm = formStore({
  schema: z.object({ step_up_code: StepUpCodeField }),
  labels: { step_up_code: 'Code from the e-mail' },
  busyLabel: 'Unblocking…',
  send: async ({ step_up_code }) => {
    await call(securityApi.unblockSim, { params: simParams(), stepUpCode: step_up_code });
    await accountRead();
    $block.set({ notice: UNBLOCKED });
    return say('my48.sec.lost.unblocked');
  },
});

// ——— E-mail address ———

type EmailChange = Answer<typeof securityApi.emailChange>['_payload'];

/** The account's address and the new one waiting to be confirmed from its mailbox. */
export const emailChange = loader<EmailChange>(
  async () => (await call(securityApi.emailChange, { params: memberParams() }))._payload,
  () => say('my48.sec.email.loadFailed'),
);
const showEmailChange = (data: EmailChange) => emailChange.$state.set({ status: 'ready', data });

/** Asking for a new address: the password and the code sent to the current one; the new one is confirmed from its own mailbox. */
export const emailForm = formStore({
  schema: EmailChangeForm.extend({ step_up_code: StepUpCodeField }),
  labels: { email: 'New e-mail address', password: 'Password', step_up_code: 'Code from the e-mail' },
  busyLabel: 'Sending…',
  send: async ({ step_up_code, ...body }) => {
    const { _payload } = await call(securityApi.changeEmail, {
      params: memberParams(),
      body,
      stepUpCode: step_up_code,
    });
    showEmailChange(_payload);
    confirmEmailForm.reset();
    return say('my48.sec.email.asked', { email: body.email });
  },
});

const changed = (data: { email: string; message: string }) => {
  showEmailChange({ email: data.email, pending_email: null });
  // The request's "Nearly there" is over: the change it announced is done.
  emailForm.reset();
  reloadAccount();
  return data.message;
};

/** The code sent to the new address, typed in. */
export const confirmEmailForm = formStore({
  schema: z.object({ code: StepUpCodeField }),
  labels: { code: 'Code sent to the new address' },
  busyLabel: 'Confirming…',
  send: async ({ code }) =>
    changed((await call(securityApi.confirmEmail, { params: { ...memberParams(), token: code } }))._payload),
});

/** The link mailed to the new address lands on this screen with its token (`?confirm-email=`). */
const CONFIRM_EMAIL_PARAM = 'confirm-email';
const confirmLink = actionStore<'confirm'>();
export const $confirmLink = confirmLink.$state;
export const resetConfirmLink = confirmLink.reset;

/**
 * Opening the e-mail section: with the link's token in the address, the token is taken out of the
 * address bar (and the history: it works once) and used; otherwise, or when it did not work, the
 * address and any pending one are read.
 */
export function openEmailSection(at: Location = location, pageHistory: History = history): Promise<void> {
  const params = new URLSearchParams(at.search);
  const token = params.get(CONFIRM_EMAIL_PARAM);
  if (!token) return emailChange.load();
  params.delete(CONFIRM_EMAIL_PARAM);
  const search = params.toString();
  pageHistory.replaceState(pageHistory.state, '', `${at.pathname}${search ? `?${search}` : ''}${at.hash}`);
  return confirmLink
    .run('confirm', async () =>
      changed((await call(securityApi.confirmEmail, { params: { ...memberParams(), token } }))._payload),
    )
    .then(() => ($confirmLink.get().error ? emailChange.load() : undefined));
}

// ——— Alerts ———

/** A cause's hint: the reminder's days and the low-credit line ("€2", "2 €") as the contract has them. */
export const alertHint = (c: AlertCause) =>
  c === 'renewal'
    ? sayCount('my48.alr.cause.renewal.hint', RENEWAL_REMINDER_DAYS)
    : say(`my48.alr.cause.${c}.hint`, { amount: euro(LOW_CREDIT_CENTS).replace(/[.,]00\b/, '') });

/** The member's alert choices and the alerts raised (the read); saving the choices is an action beside it. */
export const alerts = loader<{ settings: AlertSettings; list: Alert[]; next: string | null }>(
  async () => {
    const [settings, list] = await Promise.all([
      call(alertsApi.settings, { params: memberParams() }),
      call(alertsApi.list, { params: memberParams() }),
    ]);
    return { settings: settings._payload, list: list._payload.values, next: list._payload.next };
  },
  () => say('my48.alr.loadFailed'),
);
export const loadAlerts = () => alerts.load();
/** Reading the alerts older than those shown (50 more, from where the list ends), or why not. */
export const $olderAlerts = map<{ busy?: boolean; error?: string | undefined }>({});
export async function loadOlderAlerts(): Promise<void> {
  const shown = alerts.$state.get().data;
  if (!shown?.next || $olderAlerts.get().busy) return;
  $olderAlerts.set({ busy: true });
  try {
    const { _payload } = await call(alertsApi.list, { params: memberParams(), query: { before: shown.next } });
    const now = alerts.$state.get().data ?? shown;
    alerts.$state.setKey('data', { ...now, list: [...now.list, ..._payload.values], next: _payload.next });
    $olderAlerts.set({});
  } catch (error) {
    $olderAlerts.set({ error: errorMessage(error, say('my48.alr.olderFailed')) });
  }
}
export const $alertsSave = map<{ saving?: boolean; notice?: string | undefined; error?: string | undefined }>({});
export async function saveAlerts(settings: AlertSettings): Promise<void> {
  $alertsSave.set({ saving: true });
  try {
    const { _payload } = await call(alertsApi.saveSettings, { params: memberParams(), body: settings });
    const shown = alerts.$state.get().data;
    if (shown) alerts.$state.setKey('data', { ...shown, settings: _payload });
    $alertsSave.set({ notice: say('my48.alr.saved') });
  } catch (error) {
    $alertsSave.set({ error: errorMessage(error) });
  }
}

// ——— My data ———

type StaffAccess = Answer<typeof staffAccessApi.whoOpened>['_payload']['entries'];
/** Who at 48 opened the account in the last 12 months (docs/product/staff.md), newest first. */
export const staffAccess = loader<StaffAccess>(
  async () => (await call(staffAccessApi.whoOpened, { params: memberParams() }))._payload.entries,
  () => say('my48.mydata.whoFailed'),
);

export const $download = map<{ busy?: boolean; error?: string }>({});
/** The export as a file download (the API answers it as an attachment; here it is saved from the answer). */
export async function downloadMyData(): Promise<void> {
  $download.set({ busy: true });
  try {
    const data = await call(myDataApi.exportData, { params: memberParams() });
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const a = Object.assign(document.createElement('a'), {
      href: url,
      download: `48-my-data-${data.exported_at.slice(0, 10)}.json`,
    });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    $download.set({});
  } catch (error) {
    $download.set({ error: errorMessage(error, say('my48.mydata.downloadFailed')) });
  }
}

export const deleteForm = formStore({
  schema: z.object({
    password: z.string().min(1, { error: () => say('my48.sec.enterPassword') }),
    confirm: z
      .string()
      .trim()
      .refine((v) => v === 'DELETE', { error: () => say('my48.mydata.typeDeleteRule') }),
    step_up_code: StepUpCodeField,
  }),
  labels: { password: 'Password', confirm: 'Type DELETE', step_up_code: 'Code from the e-mail' },
  busyLabel: 'Deleting your account…',
  pageLoader: true,
  send: async ({ step_up_code, password }) => {
    const { _payload } = await call(myDataApi.deleteAccount, {
      params: memberParams(),
      body: { password, confirm: 'DELETE' },
      stepUpCode: step_up_code,
    });
    // The account is gone, and its session with it: nothing of it stays in this browser.
    clearAllCookies();
    sessionStorage.clear();
    await forgetMemberOnDevice();
    return _payload.message;
  },
});
