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
  words,
}: {
  errors: Record<string, string>;
  values?: Record<string, string>;
  someoneElse?: boolean;
  eircodeHint?: string;
  /** The page's words where it is not English: the labels, an optional field's ("{label} (optional)"), the county's empty choice. */
  words?: { labels: Record<keyof typeof ADDRESS_LABELS, string>; optional: string; choose: string };
}) {
  const labels = words?.labels ?? (someoneElse ? FRIEND_ADDRESS_LABELS : ADDRESS_LABELS);
  const optional = (label: string) => (words ? words.optional.replace('{label}', label) : `${label} (optional)`);
  /** One field's props: its label (optional ones say so), what the browser may fill in, its value and error. */
  const field = (name: keyof typeof ADDRESS_LABELS, autoComplete: string, required = true) => ({
    label: required ? labels[name] : optional(labels[name]),
    name,
    autoComplete: someoneElse ? 'off' : autoComplete,
    defaultValue: values[name],
    required,
    error: errors[name],
  });
  return (
    <>
      <div className="form__row">
        <Field {...field('firstname', 'given-name')} />
        <Field {...field('lastname', 'family-name')} />
      </div>
      <Field {...field('s_line1', 'address-line1')} />
      <Field {...field('s_line2', 'address-line2', false)} />
      <div className="form__row">
        <Field {...field('s_city', 'address-level2')} />
        <SelectField
          label={labels.s_county}
          name="s_county"
          options={['', ...IRISH_COUNTIES]}
          {...(words ? { choose: words.choose } : {})}
          defaultValue={values['s_county'] ?? ''}
          required
          error={errors['s_county']}
        />
      </div>
      <Field {...field('s_postcode', 'postal-code', false)} hint={eircodeHint} />
    </>
  );
}
