import type { z } from 'zod';
import { fieldProblems } from '../contract/forms.schema.ts';
import { withLabels } from './form-values-light.ts';

/** A schema's problems, one per field, with the labels the member sees (withLabels). */
export function humanProblems(
  error: z.ZodError,
  labels: Record<string, string>,
  rules?: Readonly<Record<string, string>>,
): Record<string, string> {
  return withLabels(fieldProblems(error), labels, rules);
}

export { formValues } from './form-values-light.ts';
