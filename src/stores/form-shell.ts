import { map, type MapStore } from 'nanostores';
import { formValues } from '../lib/form-values-light.ts';

/** What a form shows: busy (with what), the call's error, each field's problem, and the result once done. */
export interface FormState<R> {
  busy: boolean;
  busyLabel?: string | undefined;
  error?: string | undefined;
  /** The API's code for the error, when the API answered one: what a screen branches on. */
  errorCode?: string | undefined;
  fields: Record<string, string>;
  result?: R | undefined;
}

/**
 * What a form says in the page's language (docs/product/languages.md), given by its island: the
 * fields' labels, the rules' words (problems.ts), the busy line, and refusals by their code.
 * Whatever it leaves out, the form says in English.
 */
export interface FormSpeech {
  labels?: Readonly<Record<string, string>>;
  rules?: Readonly<Record<string, string>>;
  busyLabel?: string;
  /** The code could not load (offline for a moment). */
  unavailable?: string;
  /** The page's words: a refusal is found among them by its API code (`error.<code>`, http.ts refusalIn). */
  words?: Readonly<Record<string, string>>;
  /** A failure the API did not explain (no answer, none it could read), in the page's words. */
  failed?: string;
}

export interface FormStore<R> {
  $state: MapStore<FormState<R>>;
  /** The words of the page the form is on; set as its island renders, read on submit. */
  speech: { current?: FormSpeech };
  speak(speech: FormSpeech): void;
  /** Checks the values with the form's rule, then submits; field problems or the call's error land in the state. */
  submit(values: Record<string, string>): Promise<void>;
  /** A form's onSubmit: submits the form's values (the page does not reload). */
  onSubmit(event: { preventDefault(): void; currentTarget: HTMLFormElement }): void;
  reset(): void;
}

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
  speech: { current?: FormSpeech } = {},
): FormStore<R> {
  // One submit at a time: a second click (or a second action on the same form) while one is busy does nothing.
  const once = (values: Record<string, string>) => ($state.get().busy ? Promise.resolve() : submit(values));
  return {
    $state,
    speech,
    speak: (words) => void (speech.current = words),
    reset: () => $state.set({ busy: false, fields: {} }),
    onSubmit(event) {
      event.preventDefault();
      void once(formValues(event.currentTarget));
    },
    submit: once,
  };
}
