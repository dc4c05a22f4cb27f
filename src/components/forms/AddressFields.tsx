import { ADDRESS_LABELS, FRIEND_ADDRESS_LABELS, IRISH_COUNTIES } from '../../contract/address-labels.ts';
import { Field, SelectField } from './Field.tsx';

/**
 * The name and Irish postal address of a SIM order (free SIM, replacement, a friend's free SIM,
 * mates rates): the spec's field names, each with its label and error. `someoneElse` is for a
 * friend's address: the browser does not offer the member's own details there.
 */
export function AddressFields({
  errors,
  values = {},
  someoneElse = false,
  eircodeHint,
}: {
  errors: Record<string, string>;
  values?: Record<string, string>;
  someoneElse?: boolean;
  eircodeHint?: string;
}) {
  const auto = (token: string) => (someoneElse ? 'off' : token);
  const labels = someoneElse ? FRIEND_ADDRESS_LABELS : ADDRESS_LABELS;
  return (
    <>
      <div className="form__row">
        <Field
          label={labels.firstname}
          name="firstname"
          autoComplete={auto('given-name')}
          defaultValue={values['firstname']}
          required
          error={errors['firstname']}
        />
        <Field
          label={labels.lastname}
          name="lastname"
          autoComplete={auto('family-name')}
          defaultValue={values['lastname']}
          required
          error={errors['lastname']}
        />
      </div>
      <Field
        label={labels.s_line1}
        name="s_line1"
        autoComplete={auto('address-line1')}
        defaultValue={values['s_line1']}
        required
        error={errors['s_line1']}
      />
      <Field
        label={`${labels.s_line2} (optional)`}
        name="s_line2"
        autoComplete={auto('address-line2')}
        defaultValue={values['s_line2']}
        error={errors['s_line2']}
      />
      <div className="form__row">
        <Field
          label={labels.s_city}
          name="s_city"
          autoComplete={auto('address-level2')}
          defaultValue={values['s_city']}
          required
          error={errors['s_city']}
        />
        <SelectField
          label={labels.s_county}
          name="s_county"
          options={['', ...IRISH_COUNTIES]}
          defaultValue={values['s_county'] ?? ''}
          required
          error={errors['s_county']}
        />
      </div>
      <Field
        label={`${labels.s_postcode} (optional)`}
        name="s_postcode"
        autoComplete={auto('postal-code')}
        defaultValue={values['s_postcode']}
        hint={eircodeHint}
        error={errors['s_postcode']}
      />
    </>
  );
}
