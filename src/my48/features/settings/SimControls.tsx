import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { encode } from 'uqr';
import { FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { PORT_IN_STEPS } from '../../../contract/sim-settings.ts';
import type { PortIn } from '../../../contract/sim-settings.schema.ts';
import { formatMsisdn } from '../../../lib/format.ts';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { esimForm, followEsimCode } from './sim-settings-store.ts';
import './sim-controls.css';

const at = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
});
const day = new Intl.DateTimeFormat('en-IE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Dublin',
});

const STEP_TEXT: Record<(typeof PORT_IN_STEPS)[number], string> = {
  requested: 'Request sent',
  validating: 'Your old network is checking the details',
  scheduled: 'Move scheduled',
  completed: 'Number moved to 48',
};
const NEXT: Record<PortIn['status'], string> = {
  requested: 'Next: your old network checks the number and account details. This usually takes a few minutes.',
  validating: 'Next: once the details match, your old network names the day the number moves.',
  scheduled:
    'Next: on the day, your number moves to your 48 SIM. You may lose signal for a few minutes; restart your phone if it does not come back.',
  completed: 'Done: your number works on your 48 SIM. Your old plan with the other network has ended.',
  rejected: 'Your old network refused the move. Check the details with them and ask again below.',
  cancelled: 'This request was cancelled.',
};

/** Settings → move your number: where the request is, step by step, and what happens next. */
export function PortInTimeline({ request }: { request: PortIn }) {
  const seen = new Map(request.events.map((e) => [e.status, e]));
  const rejected = request.status === 'rejected';
  const steps = rejected ? [...PORT_IN_STEPS.filter((s) => seen.has(s)), 'rejected' as const] : PORT_IN_STEPS;
  const nowIndex = (steps as readonly string[]).indexOf(request.status);
  return (
    <section className="stack" aria-labelledby="portin-timeline">
      <h3 id="portin-timeline">{`Moving ${formatMsisdn(request.msisdn)} from ${request.current_provider}`}</h3>
      <ol className="timeline timeline--steps">
        {steps.map((s, i) => {
          const event = seen.get(s);
          const state =
            s === 'rejected'
              ? 'failed'
              : i < nowIndex || request.status === 'completed'
                ? 'done'
                : i === nowIndex
                  ? 'now'
                  : 'later';
          const label = s === 'rejected' ? 'Refused by your old network' : STEP_TEXT[s];
          return (
            <li key={s} data-state={state} aria-current={i === nowIndex ? 'step' : undefined}>
              <strong>{label}</strong>
              {event && <span className="field__hint">{` · ${at.format(new Date(event.at))}`}</span>}
              {s === 'scheduled' && request.scheduled_for && (
                <p>{`Your number moves on ${day.format(new Date(`${request.scheduled_for}T12:00:00Z`))}.`}</p>
              )}
              {s === 'rejected' && request.reason && <p>{request.reason}</p>}
              {state === 'later' && <span className="visually-hidden"> (not yet)</span>}
            </li>
          );
        })}
      </ol>
      <p role="status">
        {request.network_waiting
          ? 'The network is holding the move back for now: we are waiting for it, and the steps go on once it lets the move through. Nothing for you to do.'
          : NEXT[request.status]}
      </p>
    </section>
  );
}

/** The activation code as a QR code (uqr encodes it; drawn here as one SVG path), with an accessible name. */
function QrCode({ text }: { text: string }) {
  const { path, size } = useMemo(() => {
    const { data, size } = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, size };
  }, [text]);
  return (
    <svg
      className="esim-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code of your eSIM activation code: scan it with your phone's camera in the add eSIM settings"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Change to an eSIM (docs/product/member-controls.md): the change-SIM rules, then the QR code and the activation code as text. */
export function Esim() {
  const { busy, busyLabel, error, fields, result } = useStore(esimForm.$state);
  useEffect(() => esimForm.reset, []);
  // The code comes from the network once it has made the profile (seconds): followed until then.
  const [code, setCode] = useState<string | null>(null);
  const activation = result?.activation_code ?? code;
  const pendingSsn = result && !activation ? result.sim.ssn : undefined;
  useEffect(() => (pendingSsn ? followEsimCode(pendingSsn, setCode) : undefined), [pendingSsn]);
  if (result && !activation) {
    return (
      <section id="esim" className="card stack" aria-labelledby="esim-making" tabIndex={-1}>
        <h3 id="esim-making" ref={(el) => el?.focus()} tabIndex={-1}>
          Making your eSIM
        </h3>
        <p role="status" aria-busy="true">
          The network is making your eSIM profile; its QR code shows here in a minute or two. Keep this page open.
        </p>
      </section>
    );
  }
  if (result && activation) {
    return (
      <section id="esim" className="card stack" aria-labelledby="esim-done" tabIndex={-1}>
        <h3 id="esim-done" ref={(el) => el?.focus()} tabIndex={-1}>
          Your eSIM is ready
        </h3>
        <p>{`Your number ${result.sim.msisdn ? formatMsisdn(result.sim.msisdn) : ''}, credit and membership are on your eSIM now; the old SIM no longer works.`}</p>
        <ol className="stack">
          <li>On your phone, open Settings → Mobile data (or Connections) → Add eSIM.</li>
          <li>Scan this QR code, or choose to enter the details by hand and type the activation code below.</li>
          <li>Keep the phone on Wi-Fi until the eSIM is installed.</li>
        </ol>
        <QrCode text={activation} />
        <p>
          Activation code: <code className="code-text">{activation}</code>
        </p>
        <p className="field__hint">The code works once. Don't share it: whoever installs it gets your number.</p>
      </section>
    );
  }
  return (
    <form id="esim" className="form card" noValidate onSubmit={esimForm.onSubmit} aria-labelledby="esim-title">
      <h3 id="esim-title" className="form__title">
        Change to an eSIM
      </h3>
      <p>
        No card to wait for: your number, credit and membership move to an eSIM on this phone or a new one, and the SIM
        card you have stops working. Your phone must take eSIMs.
      </p>
      <FormAlert>{error}</FormAlert>
      <PasswordField kind="current" label="Your password" fields={fields} />
      <StepUpCode purpose="sim" error={fields['step_up_code']} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        Change to an eSIM
      </SubmitButton>
    </form>
  );
}
