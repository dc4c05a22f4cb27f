import { useState, type SubmitEvent } from 'react';
import { ActivateSimForm } from '../../contract/forms.ts';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { formValues } from '../../components/forms/messages.ts';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { formatMsisdn } from '../../lib/format.ts';
import { errorMessage, http } from '../../lib/http.ts';
import { setLoading } from '../../stores/layout.ts';

interface Sim {
  ssn: string;
  msisdn: string;
}

/** Link a SIM card to the account by the number printed on it (an unverified member may do this too). */
export default function ActivateSim() {
  const userId = useMemberPage({ allowWhileVerifying: true });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [field, setField] = useState<string>();
  const [sim, setSim] = useState<Sim>();
  if (userId === undefined) return null;

  if (sim) {
    return (
      <section className="card stack" aria-labelledby="activated-title">
        <h2 id="activated-title" tabIndex={-1} ref={(el) => el?.focus()}>Your SIM is active</h2>
        <p>
          Your 48 number is <strong>{formatMsisdn(sim.msisdn)}</strong>. Pop the SIM in your phone: you have 1 GB of onboard data to get started.
        </p>
        <div className="actions">
          <a className="btn btn--primary" href="/my48/memberships">Buy a membership</a>
          <a className="btn btn--outline" href="/my48">Go to my48</a>
        </div>
      </section>
    );
  }

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ActivateSimForm.safeParse(formValues(event.currentTarget));
    setError(undefined);
    if (!parsed.success) return setField(parsed.error.issues[0]!.message);
    setField(undefined);
    setBusy(true);
    setLoading(true);
    try {
      const { _payload } = await http<{ _payload: { sim: Sim } }>(`/panda/protected/users/${userId}/sims/activate`, { method: 'POST', body: parsed.data });
      setSim(_payload.sim);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      setLoading(false);
    }
  };

  return (
    <form className="form card" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="activate-title">
      <h2 id="activate-title" className="form__title">Your SIM number</h2>
      <FormAlert>{error}</FormAlert>
      <Field
        label="SIM number (SSN)"
        name="ssn"
        inputMode="numeric"
        autoComplete="off"
        required
        hint="The 19 or 20 digits printed on the back of the SIM card, starting 89."
        error={field}
      />
      <SubmitButton busy={busy} busyLabel="Activating…">Activate SIM</SubmitButton>
      <p className="form__note">
        No SIM yet? <a href="/order-free-sim">Order one free</a>.
      </p>
    </form>
  );
}
