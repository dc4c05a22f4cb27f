import { useStore } from '@nanostores/react';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { formatMsisdn } from '../../lib/format.ts';
import { activation } from './activate-sim-store.ts';
import { LinkActions } from '../../components/LinkActions.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { slotted } from '../../lib/slotted.tsx';
import type { ActivateSimSpeech } from './activate-sim-words.ts';

/**
 * Link a SIM card to the account by the number printed on it (an unverified member may do this
 * too), in the page's language.
 */
export default function ActivateSim({ words, rules, links }: ActivateSimSpeech) {
  useMemberPage({ allowWhileVerifying: true });
  activation.speak({
    labels: { ssn: words['activate.ssn'] },
    rules,
    busyLabel: words['activate.busy'],
    unavailable: words['form.unavailable'],
    words,
  });
  const { busy, busyLabel, error, fields, result: sim } = useStore(activation.$state);

  if (sim) {
    return (
      <section className="card stack" aria-labelledby="activated-title">
        <h2 id="activated-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {words['activate.doneTitle']}
        </h2>
        <p>
          {slotted(words['activate.doneBody'], {
            number: <strong>{sim.msisdn ? formatMsisdn(sim.msisdn) : ''}</strong>,
          })}
        </p>
        <LinkActions
          links={[
            { href: '/my48/memberships', label: words['activate.buy'] },
            { href: '/my48', label: words['activate.goMy48'] },
          ]}
        />
      </section>
    );
  }

  return (
    <FormCard id="activate-title" title={words['activate.title']} onSubmit={activation.onSubmit}>
      <FormAlert>{error}</FormAlert>
      <Field
        label={words['activate.ssn']}
        name="ssn"
        inputMode="numeric"
        autoComplete="off"
        required
        hint={words['activate.ssnHint']}
        error={fields['ssn']}
      />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        {words['activate.submit']}
      </SubmitButton>
      <p className="form__note">
        {slotted(words['activate.noSim'], { order: <a href={links.orderFree}>{words['activate.orderFree']}</a> })}
      </p>
    </FormCard>
  );
}
