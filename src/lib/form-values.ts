import type { z } from 'zod';
import { fieldProblems } from '../contract/forms.schema.ts';

/**
 * The shared schemas name fields by their API keys ("s_line1 is required"); a form shows the
 * same rule with the label the member sees ("Address line 1 is required").
 */
export function humanProblems(error: z.ZodError, labels: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldProblems(error))) {
    const label = labels[field];
    out[field] = label && message.startsWith(field) ? `${label}${message.slice(field.length)}` : message;
  }
  return out;
}

export { formValues } from './form-values-light.ts';
