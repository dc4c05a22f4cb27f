import { z } from '../../../contract/zod.ts';
import { householdApi, type LineControls } from '../../../contract/household.schema.ts';
import { PAUSE_KINDS, PAUSE_MAX_DAYS, type HouseholdRole, type LineFilter } from '../../../contract/household.ts';
import { call } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { actionStore } from '../../../stores/action.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { formSpeech, say } from '../../speech.ts';

/**
 * A line's controls at the network (docs/product/lifelines.md "Controls"): read for one line, changed by
 * the owner, a manager, or the line for its filters; each change answers the line's controls as they
 * stand, so the screen shows "switching" at once and the network's word when it comes.
 */
export const lineControls = loader<LineControls, string>(
  async (ssn) => (await call(householdApi.controls, { params: { ...memberParams(), ssn } }))._payload,
  () => say('my48.hh.ctl.loadFailed'),
);

const ssnOf = () => lineControls.$state.get().key ?? '';
/**
 * The answer of a change: the controls as they stand now, shown at once. Its message is not shown
 * apart: the control itself says "…at the network" in place until the network has answered.
 */
const shown = (view: LineControls) => {
  lineControls.$state.set({ status: 'ready', key: view.ssn, data: view });
  return '';
};

/** Whether the network has yet to answer the last change of any control: read again until it has. */
export const switching = (view: LineControls) =>
  view.pause.network === 'switching' || view.filters.some((f) => f.network === 'switching');

/** How often the screen asks again while the network has yet to answer a change. */
export const SWITCHING_POLL_MS = 3000;

/**
 * A line's controls read, and read again every few seconds while the network has yet to answer a
 * change (the screen says "…at the network" until then); the answer stops it. Returns the stop.
 */
export function watchLine(ssn: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unbind = lineControls.$state.subscribe((state) => {
    clearTimeout(timer);
    timer = undefined;
    if (state.status === 'ready' && state.key === ssn && state.data && switching(state.data))
      timer = setTimeout(() => void lineControls.load(ssn), SWITCHING_POLL_MS);
  });
  void lineControls.load(ssn);
  return () => {
    clearTimeout(timer);
    unbind();
  };
}

export const controlActions = actionStore<'filter' | 'resume' | 'role' | 'under18' | 'sharing'>();

export const setFilter = (filter: LineFilter, on: boolean) =>
  controlActions.run('filter', async () =>
    shown(
      (await call(householdApi.setFilter, { params: { ...memberParams(), ssn: ssnOf(), filter }, body: { on } }))
        ._payload,
    ),
  );

export const resume = () =>
  controlActions.run('resume', async () =>
    shown((await call(householdApi.resume, { params: { ...memberParams(), ssn: ssnOf() } }))._payload),
  );

export const setRole = (role: HouseholdRole) =>
  controlActions.run('role', async () => {
    const { _payload } = await call(householdApi.setRole, {
      params: { ...memberParams(), ssn: ssnOf() },
      body: { role },
    });
    await lineControls.load(ssnOf());
    return _payload.message;
  });

/** The pause's last day as a date input gives it (YYYY-MM-DD); empty: as long as allowed. */
export const pauseForm = formStore({
  schema: z.object({
    kind: z.enum(PAUSE_KINDS, { error: 'Choose what to pause.' }),
    until: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), { error: 'Enter a day, like 2027-01-31.' })
      .optional(),
  }),
  labels: { kind: 'What to pause', until: 'Last day of the pause' },
  busyLabel: 'Pausing…',
  send: async ({ kind, until }) =>
    shown(
      (
        await call(householdApi.pause, {
          params: { ...memberParams(), ssn: ssnOf() },
          body: { kind, ...(until ? { until } : {}) },
        })
      )._payload,
    ),
});

/** The last day a pause may have, from today (Irish days are close enough for the date picker's bound). */
export const latestPauseDay = (now = new Date()) =>
  new Date(now.getTime() + PAUSE_MAX_DAYS * 86_400_000).toISOString().slice(0, 10);

/** The controls as they stand, with the answer's message shown (an ask or an answer the network does not settle). */
const said = (view: LineControls & { message?: string | undefined }) => {
  shown(view);
  return view.message ?? '';
};

export const setUnder18 = (under18: boolean) =>
  controlActions.run('under18', async () =>
    said(
      (
        await call(householdApi.setUnder18, {
          params: { ...memberParams(), ssn: ssnOf() },
          body: { under_18: under18 },
        })
      )._payload,
    ),
  );

/** An under-18 line's data kept within the household (spot me, share), or let out again. */
export const setSharing = (outside: boolean) =>
  controlActions.run('sharing', async () =>
    said(
      (await call(householdApi.setSharing, { params: { ...memberParams(), ssn: ssnOf() }, body: { outside } }))
        ._payload,
    ),
  );

export const answerUnder18 = (accept: boolean) =>
  controlActions.run('under18', async () =>
    said(
      (await call(householdApi.answerUnder18, { params: { ...memberParams(), ssn: ssnOf() }, body: { accept } }))
        ._payload,
    ),
  );

/** The cap in whole GB as a person types it; empty: no cap (the membership's own allowance). */
export const capForm = formStore({
  schema: z.object({
    gb: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100), {
        error: 'Enter a whole number of GB from 1 to 100, or leave it empty for no cap.',
      }),
  }),
  labels: { gb: 'Data cap in GB a period' },
  busyLabel: 'Saving…',
  send: async ({ gb }) =>
    said(
      (
        await call(householdApi.setDataCap, {
          params: { ...memberParams(), ssn: ssnOf() },
          body: { gb: gb === '' ? null : Number(gb) },
        })
      )._payload,
    ),
});

/** The controls' forms in the page's language: their fields, their rules, their busy lines. */
export function speakControlForms(): void {
  pauseForm.speak(
    formSpeech(
      { kind: 'my48.hh.ctl.whatToPause', until: 'my48.hh.ctl.lastDay' },
      { 'Choose what to pause.': 'my48.hh.rule.pauseKind', 'Enter a day, like 2027-01-31.': 'my48.hh.rule.day' },
      'my48.hh.ctl.pausing',
    ),
  );
  capForm.speak(
    formSpeech(
      { gb: 'my48.hh.ctl.capField' },
      { 'Enter a whole number of GB from 1 to 100, or leave it empty for no cap.': 'my48.hh.rule.cap' },
      'my48.hh.saving',
    ),
  );
}
