import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PROVIDERS, REORDER_REASONS } from '../../../contract/forms.ts';
import { AddressFields } from '../../../components/forms/AddressFields.tsx';
import { Field, FormAlert, SelectField, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { $account } from '../../stores/account.ts';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import {
  addressWords,
  changeSimForm,
  loadOpenPortIn,
  openPortIn,
  portInForm,
  reorderForm,
  speakSimForms,
} from './sim-settings-store.ts';
import { localHref } from '../../../contract/i18n/routes.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { locale, say } from '../../speech.ts';

/** The reasons for a new SIM in the page's language (their values stay the contract's). */
const reasonNames = () => ({
  lost: say('my48.sim.reorder.reason.lost'),
  stolen: say('my48.sim.reorder.reason.stolen'),
  damaged: say('my48.sim.reorder.reason.damaged'),
  'wrong size': say('my48.sim.reorder.reason.wrongSize'),
});
import { Esim, PortInTimeline } from './SimControls.tsx';
import { CheckField } from '../../../components/forms/CheckField.tsx';

function NeedsSim({ status }: { status: string }) {
  if (status === 'loading') return <p role="status">{say('my48.sim.loading')}</p>;
  return (
    <div className="card">
      <p>
        {slotted(say('my48.sim.needs'), {
          link: <a href={localHref(locale(), '/activate-sim')}>{say('my48.sim.activate')}</a>,
        })}
      </p>
    </div>
  );
}

/** A replacement SIM (status SIM_REORDERED), posted to the address given. */
export function ReorderSim() {
  const account = useStore($account);
  const { busy, busyLabel, error, fields, result: order } = useStore(reorderForm.$state);
  speakSimForms();
  useEffect(() => reorderForm.reset, []);
  if (!account.sim) return <NeedsSim status={account.status} />;
  if (order) {
    return (
      <div className="card stack">
        <FormAlert tone="success">
          {say('my48.sim.reorder.onWay', { line1: order.s_line1, city: order.s_city })}
        </FormAlert>
        <p>
          {slotted(say('my48.sim.reorder.next'), {
            change: <a href="/my48/settings/change-my-sim">{say('my48.settings.fragment.changeMySim')}</a>,
            orders: <a href="/orders">{say('my48.sim.reorder.orders')}</a>,
          })}
        </p>
      </div>
    );
  }
  return (
    <form className="form card" noValidate onSubmit={reorderForm.onSubmit} aria-labelledby="reorder-title">
      <h3 id="reorder-title" className="form__title">
        {say('my48.sim.reorder.title')}
      </h3>
      <p>
        {slotted(say('my48.sim.reorder.intro'), {
          block: <a href="/my48/settings/security">{say('my48.sim.reorder.block')}</a>,
        })}
      </p>
      <FormAlert>{error}</FormAlert>
      <SelectField
        label={say('my48.sim.reorder.reason')}
        name="reason"
        options={['', ...REORDER_REASONS]}
        named={reasonNames()}
        choose={say('my48.sim.choose')}
        defaultValue=""
        required
        error={fields['reason']}
      />
      <AddressFields errors={fields} words={addressWords()} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        {say('my48.sim.reorder.submit')}
      </SubmitButton>
    </form>
  );
}

/** Move your number: the port-in request; once sent, the dashboard shows it in progress. */
export function MoveYourNumber() {
  const account = useStore($account);
  const read = useStore(openPortIn.$state);
  const { busy, busyLabel, error, fields } = useStore(portInForm.$state);
  speakSimForms();
  // Only whether the account-number field shows: view state, not the form's.
  const [billPay, setBillPay] = useState(false);
  useEffect(() => {
    void loadOpenPortIn();
    return portInForm.reset;
  }, []);
  if (!account.sim) return <NeedsSim status={account.status} />;
  if (read.status === 'error')
    return <LoadFailed error={read.error} retry={read.retryable ? () => void openPortIn.retry() : undefined} />;
  if (read.data === undefined) return <p role="status">{say('my48.sim.loadingShort')}</p>;
  const open = read.data;
  const ended = open && (open.status === 'completed' || open.status === 'rejected' || open.status === 'cancelled');
  if (open && !ended) {
    return (
      <div className="card stack">
        <FormAlert tone="info">{say('my48.sim.port.inProgress')}</FormAlert>
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
        <FormAlert tone="info">{say('my48.sim.port.inProgress')}</FormAlert>
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
          {say(open?.status === 'rejected' ? 'my48.sim.port.tryAgain' : 'my48.sim.port.title')}
        </h3>
        <p>{say('my48.sim.port.intro')}</p>
        <FormAlert>{error}</FormAlert>
        <Field
          label={say('my48.sim.port.number')}
          name="msisdn"
          type="tel"
          autoComplete="tel"
          required
          hint={say('my48.sim.port.numberHint')}
          error={fields['msisdn']}
        />
        <SelectField
          label={say('my48.sim.port.network')}
          name="current_provider"
          options={['', ...PROVIDERS]}
          choose={say('my48.sim.choose')}
          defaultValue=""
          required
          error={fields['current_provider']}
        />
        <fieldset className="fieldset">
          <legend>{say('my48.sim.port.accountType')}</legend>
          <CheckField
            id="acct-prepay"
            type="radio"
            name="account_type"
            value="prepay"
            defaultChecked
            onChange={() => setBillPay(false)}
            label={say('my48.sim.port.prepay')}
          />
          <CheckField
            id="acct-bill"
            type="radio"
            name="account_type"
            value="bill_pay"
            onChange={() => setBillPay(true)}
            label={say('my48.sim.port.billPay')}
          />
        </fieldset>
        {billPay && (
          <Field
            label={say('my48.sim.port.accountNumber')}
            name="account_number"
            autoComplete="off"
            required
            hint={say('my48.sim.port.accountHint')}
            error={fields['account_number']}
          />
        )}
        <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
          {say('my48.sim.port.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}

/** Change my SIM: the number moves to a new card after the password is entered again. */
export function ChangeMySim() {
  const account = useStore($account);
  const { result: done } = useStore(changeSimForm.$state);
  speakSimForms();
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
        {say('my48.sim.change.title')}
      </h3>
      <p>{slotted(say('my48.sim.change.intro'), { last4: <strong>{ssn.slice(-4)}</strong> })}</p>
      <FormAlert>{error}</FormAlert>
      <Field
        label={say('my48.sim.change.ssn')}
        name="new_ssn"
        inputMode="numeric"
        autoComplete="off"
        required
        hint={say('my48.sim.change.ssnHint')}
        error={fields['new_ssn']}
      />
      <PasswordField kind="current" label={say('my48.sim.yourPassword')} fields={fields} />
      <StepUpCode purpose="sim" error={fields['step_up_code']} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        {say('my48.sim.change.submit')}
      </SubmitButton>
    </form>
  );
}
