import type { z } from 'zod';
import { fieldProblems } from '../contract/forms.schema.ts';
import { withLabels } from './form-values-light.ts';

/**
 * The shared schemas name fields by their API keys ("s_line1 is required"); a form shows the
 * same rule with the label the member sees ("Address line 1 is required").
 */
export function humanProblems(error: z.ZodError, labels: Record<string, string>): Record<string, string> {
  return withLabels(fieldProblems(error), labels);
}

export { formValues, withLabels } from './form-values-light.ts';
