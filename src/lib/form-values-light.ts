/** The values of a form, as strings (no schema library: island pages load this before any submit). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

/**
 * A rule's messages name fields by their API keys ("s_line1 is required"); a form shows them with
 * the label the member sees ("Address line 1 is required"), in the page's language where `rules`
 * has the rule's words (problems.ts: "Pole „Hasło” jest wymagane").
 */
export function withLabels(
  problems: Record<string, string>,
  labels: Record<string, string>,
  rules?: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(problems)) {
    const label = labels[field];
    const whole = rules?.[message]; // a rule said without the field's name ("The SIM number has 19 or 20 digits…")
    if (whole) out[field] = whole;
    else if (!label || !message.startsWith(field)) out[field] = message;
    else {
      const rule = message.slice(field.length);
      const words = rules?.[rule];
      // The rule's words have one slot, the field's label (its other values were said at build).
      out[field] = words ? words.replaceAll('{label}', label) : `${label}${rule}`;
    }
  }
  return out;
}
