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
  // One submit at a time: a second click (or a second action on the same form) while one is busy does nothing.
  const once = (values: Record<string, string>) => ($state.get().busy ? Promise.resolve() : submit(values));
  return {
    $state,
    reset: () => $state.set({ busy: false, fields: {} }),
    onSubmit(event) {
      event.preventDefault();
      void once(formValues(event.currentTarget));
    },
    submit: once,
  };
}
