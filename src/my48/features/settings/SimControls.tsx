import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { encode } from 'uqr';
import { FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { PORT_IN_STEPS } from '../../../contract/sim-settings.ts';
import type { PortIn } from '../../../contract/sim-settings.schema.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
import { formatMsisdn, formatTag } from '../../../lib/format.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { say } from '../../speech.ts';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { esimForm, followEsimCode } from './sim-settings-store.ts';
import './sim-controls.css';

/** A step's moment and the moving day, in the page's language (Irish time). */
const at = (iso: string) =>
  irishFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }, formatTag()).format(
    new Date(iso),
  );
const day = (date: string) =>
  irishFormat({ weekday: 'long', day: 'numeric', month: 'long' }, formatTag()).format(new Date(`${date}T12:00:00Z`));

/** Settings → move your number: where the request is, step by step, and what happens next. */
export function PortInTimeline({ request }: { request: PortIn }) {
  const seen = new Map(request.events.map((e) => [e.status, e]));
  const rejected = request.status === 'rejected';
  const steps = rejected ? [...PORT_IN_STEPS.filter((s) => seen.has(s)), 'rejected' as const] : PORT_IN_STEPS;
  const nowIndex = (steps as readonly string[]).indexOf(request.status);
  return (
    <section className="stack" aria-labelledby="portin-timeline">
      <h3 id="portin-timeline">
        {say('my48.sim.port.moving', { number: formatMsisdn(request.msisdn), network: request.current_provider })}
      </h3>
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
          const label = say(`my48.sim.port.step.${s}`);
          return (
            <li key={s} data-state={state} aria-current={i === nowIndex ? 'step' : undefined}>
              <strong>{label}</strong>
              {event && <span className="field__hint">{` · ${at(event.at)}`}</span>}
              {s === 'scheduled' && request.scheduled_for && (
                <p>{say('my48.sim.port.movesOn', { day: day(request.scheduled_for) })}</p>
              )}
              {s === 'rejected' && request.reason && <p>{request.reason}</p>}
              {state === 'later' && <span className="visually-hidden">{say('my48.sim.port.notYet')}</span>}
            </li>
          );
        })}
      </ol>
      <p role="status">
        {request.network_waiting ? say('my48.sim.port.held') : say(`my48.sim.port.next.${request.status}`)}
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
      aria-label={say('my48.sim.esim.qr')}
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
          {say('my48.sim.esim.makingTitle')}
        </h3>
        <p role="status" aria-busy="true">
          {say('my48.sim.esim.makingText')}
        </p>
      </section>
    );
  }
  if (result && activation) {
    return (
      <section id="esim" className="card stack" aria-labelledby="esim-done" tabIndex={-1}>
        <h3 id="esim-done" ref={(el) => el?.focus()} tabIndex={-1}>
          {say('my48.sim.esim.ready')}
        </h3>
        <p>{say('my48.sim.esim.readyText', { number: result.sim.msisdn ? formatMsisdn(result.sim.msisdn) : '' })}</p>
        <ol className="stack">
          <li>{say('my48.sim.esim.step1')}</li>
          <li>{say('my48.sim.esim.step2')}</li>
          <li>{say('my48.sim.esim.step3')}</li>
        </ol>
        <QrCode text={activation} />
        <p>{slotted(say('my48.sim.esim.code'), { code: <code className="code-text">{activation}</code> })}</p>
        <p className="field__hint">{say('my48.sim.esim.codeHint')}</p>
      </section>
    );
  }
  return (
    <form id="esim" className="form card" noValidate onSubmit={esimForm.onSubmit} aria-labelledby="esim-title">
      <h3 id="esim-title" className="form__title">
        {say('my48.sim.esim.title')}
      </h3>
      <p>{say('my48.sim.esim.intro')}</p>
      <FormAlert>{error}</FormAlert>
      <PasswordField kind="current" label={say('my48.sim.yourPassword')} fields={fields} />
      <StepUpCode purpose="sim" error={fields['step_up_code']} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        {say('my48.sim.esim.submit')}
      </SubmitButton>
    </form>
  );
}
