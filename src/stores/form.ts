import type { z } from 'zod';
import { humanProblems } from '../lib/form-values.ts';
import { errorCode, refusalIn } from '../lib/http.ts';
import { emptyFormState, formShell, type FormSpeech, type FormState, type FormStore } from './form-shell.ts';

export type { FormSpeech, FormState, FormStore };
import { setLoading } from './layout.ts';

/**
 * The one submit cycle of every form: the shared zod rule first (messages with the labels the
 * member sees), then busy while the call runs (the page loader too, when asked), then the result
 * or the API's message. `step` lets a long submit say what it is doing ("Placing your order…").
 */
export interface FormOptions<S extends z.ZodType, R> {
  schema: S;
  labels?: Record<string, string>;
  busyLabel?: string;
  /** Show the page-wide loader while busy. */
  pageLoader?: boolean;
  /** A failure the API did not explain, in English (an island's `failed` says it in the page's language). */
  fallbackError?: string;
  send: (data: z.output<S>, step: (label: string) => void) => Promise<R>;
}

/** A form's rule and call, declared for a store that loads them on the first submit (stores/lazy-form.ts). */
export const formOptions = <S extends z.ZodType, R>(options: FormOptions<S, R>) => options;

export function formStore<S extends z.ZodType, R>(
  options: FormOptions<S, R>,
  $state = emptyFormState<R>(),
  speech: { current?: FormSpeech } = {},
): FormStore<R> {
  const step = (busyLabel: string) => $state.setKey('busyLabel', busyLabel);
  return formShell(
    $state,
    async (values) => {
      // The page's words where its island gave them (form-shell.ts), else the form's English.
      const said = speech.current ?? {};
      const parsed = options.schema.safeParse(values);
      if (!parsed.success) {
        $state.set({
          busy: false,
          fields: humanProblems(parsed.error, said.labels ?? options.labels ?? {}, said.rules),
        });
        return;
      }
      $state.set({ busy: true, busyLabel: said.busyLabel ?? options.busyLabel, fields: {} });
      if (options.pageLoader) setLoading(true);
      try {
        const result = await options.send(parsed.data, step);
        $state.set({ busy: false, fields: {}, result });
      } catch (error) {
        $state.set({
          busy: false,
          fields: {},
          error: refusalIn(said.words ?? {}, error, said.failed ?? options.fallbackError),
          errorCode: errorCode(error),
        });
      } finally {
        if (options.pageLoader) setLoading(false);
      }
    },
    speech,
  );
}
