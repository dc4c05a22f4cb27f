import { map, type MapStore } from 'nanostores';
import { formValues } from '../lib/form-values-light.ts';
import type { FormState, FormStore } from './form.ts';

/** A form's empty state. */
export const emptyFormState = <R>(): MapStore<FormState<R>> => map<FormState<R>>({ busy: false, fields: {} });

/**
 * What every form store shares around its submit: the state, reset, and onSubmit (the form's values,
 * the page not reloading). Light (no schema library, no HTTP client), for stores/form.ts and
 * stores/lazy-form.ts alike.
 */
export function formShell<R>(
  $state: MapStore<FormState<R>>,
  submit: (values: Record<string, string>) => Promise<void>,
): FormStore<R> {
  return {
    $state,
    reset: () => $state.set({ busy: false, fields: {} }),
    onSubmit(event) {
      event.preventDefault();
      void submit(formValues(event.currentTarget));
    },
    submit,
  };
}
