import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PROVIDERS, REORDER_REASONS } from '../../../contract/forms.ts';
import { messages } from '../../../contract/messages.ts';
import { AddressFields } from '../../../components/forms/AddressFields.tsx';
import { Field, FormAlert, SelectField, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { $account } from '../../stores/account.ts';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { changeSimForm, loadOpenPortIn, openPortIn, portInForm, reorderForm } from './sim-settings-store.ts';
import { Esim, PortInTimeline } from './SimControls.tsx';
import { CheckField } from '../../../components/forms/CheckField.tsx';

function NeedsSim({ status }: { status: string }) {
  if (status === 'loading') return <p role="status">Loading your SIM…</p>;
  return (
    <div className="card">
      <p>
        You need an active SIM for this. <a href="/activate-sim">Activate your SIM</a> first.
      </p>
    </div>
  );
}

/** A replacement SIM (status SIM_REORDERED), posted to the address given. */
export function ReorderSim() {
  const account = useStore($account);
  const { busy, busyLabel, error, fields, result: order } = useStore(reorderForm.$state);
  useEffect(() => reorderForm.reset, []);
  if (!account.sim) return <NeedsSim status={account.status} />;
  if (order) {
    return (
      <div className="card stack">
        <FormAlert tone="success">
          Your replacement SIM is on its way to {order.s_line1}, {order.s_city}.
        </FormAlert>
        <p>
          When it arrives, use <a href="/my48/settings/change-my-sim">Change my SIM</a> to move your number to it.{' '}
          <a href="/orders">See your orders</a>.
        </p>
      </div>
    );
  }
  return (
    <form className="form card" noValidate onSubmit={reorderForm.onSubmit} aria-labelledby="reorder-title">
      <h3 id="reorder-title" className="form__title">
        Order a replacement SIM
      </h3>
      <p>
        Your number, credit and membership stay the same. If your SIM was lost or stolen,{' '}
        <a href="/my48/settings/security">block it first</a> so nobody can use it.
      </p>
      <FormAlert>{error}</FormAlert>
      <SelectField
        label="Reason"
        name="reason"
        options={['', ...REORDER_REASONS]}
        defaultValue=""
        required
        error={fields['reason']}
      />
      <AddressFields errors={fields} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        Order replacement SIM
      </SubmitButton>
    </form>
  );
}

/** Move your number: the port-in request; once sent, the dashboard shows it in progress. */
export function MoveYourNumber() {
  const account = useStore($account);
  const read = useStore(openPortIn.$state);
  const { busy, busyLabel, error, fields } = useStore(portInForm.$state);
  // Only whether the account-number field shows: view state, not the form's.
  const [billPay, setBillPay] = useState(false);
  useEffect(() => {
    void loadOpenPortIn();
    return portInForm.reset;
  }, []);
  if (!account.sim) return <NeedsSim status={account.status} />;
  if (read.status === 'error')
    return <LoadFailed error={read.error} retry={read.retryable ? () => void openPortIn.retry() : undefined} />;
  if (read.data === undefined) return <p role="status">Loading…</p>;
  const open = read.data;
  const ended = open && (open.status === 'completed' || open.status === 'rejected' || open.status === 'cancelled');
  if (open && !ended) {
    return (
      <div className="card stack">
        <FormAlert tone="info">{messages.portinInProgress}</FormAlert>
        <PortInTimeline request={open} />
      </div>
    );
  }
  if (open?.status === 'completed')
    return (
      <div className="card stack">
        <PortInTimeline request={open} />
      </div>
    );
  if (!open && account.portInInProgress)
    return (
      <div className="card stack">
        <FormAlert tone="info">{messages.portinInProgress}</FormAlert>
      </div>
    );
  return (
    <div className="stack">
      {open?.status === 'rejected' && (
        <div className="card stack">
          <PortInTimeline request={open} />
        </div>
      )}
      <form className="form card" noValidate onSubmit={portInForm.onSubmit} aria-labelledby="portin-title">
        <h3 id="portin-title" className="form__title">
          {open?.status === 'rejected' ? 'Try again' : 'Bring your number to 48'}
        </h3>
        <p>Keep your number: we move it from your old network to your 48 SIM. Don't cancel your old plan first.</p>
        <FormAlert>{error}</FormAlert>
        <Field
          label="Number to move"
          name="msisdn"
          type="tel"
          autoComplete="tel"
          required
          hint="Like 087 123 4567."
          error={fields['msisdn']}
        />
        <SelectField
          label="Current network"
          name="current_provider"
          options={['', ...PROVIDERS]}
          defaultValue=""
          required
          error={fields['current_provider']}
        />
        <fieldset className="fieldset">
          <legend>Account type</legend>
          <CheckField
            id="acct-prepay"
            type="radio"
            name="account_type"
            value="prepay"
            defaultChecked
            onChange={() => setBillPay(false)}
            label="Prepay (top-up)"
          />
          <CheckField
            id="acct-bill"
            type="radio"
            name="account_type"
            value="bill_pay"
            onChange={() => setBillPay(true)}
            label="Bill pay"
          />
        </fieldset>
        {billPay && (
          <Field
            label="Account number"
            name="account_number"
            autoComplete="off"
            required
            hint="On your bill from the old network."
            error={fields['account_number']}
          />
        )}
        <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
          Move my number
        </SubmitButton>
      </form>
    </div>
  );
}

/** Change my SIM: the number moves to a new card after the password is entered again. */
export function ChangeMySim() {
  const account = useStore($account);
  const { result: done } = useStore(changeSimForm.$state);
  useEffect(() => changeSimForm.reset, []);
  if (done)
    return (
      <div className="card">
        <FormAlert tone="success">{done}</FormAlert>
      </div>
    );
  const ssn = account.sim?.ssn;
  if (!ssn) return <NeedsSim status={account.status} />;
  return (
    <div className="stack">
      <NewCard ssn={ssn} />
      <Esim />
    </div>
  );
}

function NewCard({ ssn }: { ssn: string }) {
  const { busy, busyLabel, error, fields } = useStore(changeSimForm.$state);
  return (
    <form className="form card" noValidate onSubmit={changeSimForm.onSubmit} aria-labelledby="change-sim-title">
      <h3 id="change-sim-title" className="form__title">
        Move your number to a new SIM
      </h3>
      <p>
        Your current SIM ends in <strong>{ssn.slice(-4)}</strong>. Your number, credit and membership move to the new
        one; the old one stops working.
      </p>
      <FormAlert>{error}</FormAlert>
      <Field
        label="New SIM number (SSN)"
        name="new_ssn"
        inputMode="numeric"
        autoComplete="off"
        required
        hint="The 19 or 20 digits on the back of the new SIM card."
        error={fields['new_ssn']}
      />
      <PasswordField kind="current" label="Your password" fields={fields} />
      <StepUpCode purpose="sim" error={fields['step_up_code']} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        Change my SIM
      </SubmitButton>
    </form>
  );
}
