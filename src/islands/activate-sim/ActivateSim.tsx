import { useStore } from '@nanostores/react';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { formatMsisdn } from '../../lib/format.ts';
import { activation } from './activate-sim-store.ts';
import { LinkActions } from '../../components/LinkActions.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';

/** Link a SIM card to the account by the number printed on it (an unverified member may do this too). */
export default function ActivateSim() {
  useMemberPage({ allowWhileVerifying: true });
  const { busy, busyLabel, error, fields, result: sim } = useStore(activation.$state);

  if (sim) {
    return (
      <section className="card stack" aria-labelledby="activated-title">
        <h2 id="activated-title" tabIndex={-1} ref={(el) => el?.focus()}>
          Your SIM is being activated
        </h2>
        <p>
          Your 48 number is <strong>{sim.msisdn ? formatMsisdn(sim.msisdn) : ''}</strong>. The network is switching it
          on now, which usually takes a minute or two: my48 shows your balance once it is done. Pop the SIM in your
          phone: you have 1 GB of onboard data to get started.
        </p>
        <LinkActions
          links={[
            { href: '/my48/memberships', label: 'Buy a membership' },
            { href: '/my48', label: 'Go to my48' },
          ]}
        />
      </section>
    );
  }

  return (
    <FormCard id="activate-title" title="Your SIM number" onSubmit={activation.onSubmit}>
      <FormAlert>{error}</FormAlert>
      <Field
        label="SIM number (SSN)"
        name="ssn"
        inputMode="numeric"
        autoComplete="off"
        required
        hint="The 19 or 20 digits printed on the back of the SIM card, starting 89."
        error={fields['ssn']}
      />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        Activate SIM
      </SubmitButton>
      <p className="form__note">
        No SIM yet? <a href="/order-free-sim">Order one free</a>.
      </p>
    </FormCard>
  );
}
