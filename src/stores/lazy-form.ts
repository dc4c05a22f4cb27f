import type { z } from 'zod';
import type { FormOptions, FormStore } from './form.ts';
import { emptyFormState, formShell } from './form-shell.ts';
import { UNAVAILABLE } from './lazy-action.ts';

/**
 * A form store whose rule (zod) and call (the HTTP client) load on the first submit, so an island
 * page ships neither before the member sends something (islands rendered at build, fast
 * on React). The state exists at once, so the form renders at build and hydrates; the submit shows
 * busy while the rest arrives, then runs the one submit cycle of stores/form.ts.
 */
export function lazyForm<S extends z.ZodType, R>(
  busyLabel: string,
  load: () => Promise<FormOptions<S, R>>,
): FormStore<R> {
  const $state = emptyFormState<R>();
  const speech: FormStore<R>['speech'] = {};
  let real: Promise<FormStore<R>> | undefined;
  const ready = () =>
    (real ??= Promise.all([load(), import('./form.ts')])
      .then(([options, { formStore }]) => formStore(options, $state, speech))
      .catch((error: unknown) => {
        real = undefined; // offline for a moment: the next submit tries again
        throw error;
      }));
  return formShell(
    $state,
    async (values) => {
      const said = speech.current ?? {};
      if (!real) $state.set({ ...$state.get(), busy: true, busyLabel: said.busyLabel ?? busyLabel, error: undefined });
      let form: FormStore<R>;
      try {
        form = await ready();
      } catch {
        $state.set({ busy: false, fields: {}, error: said.unavailable ?? UNAVAILABLE });
        return;
      }
      // The busy shown while the code loaded hands over to the form's own cycle (in the same tick: no flicker).
      $state.setKey('busy', false);
      await form.submit(values);
    },
    speech,
  );
}
