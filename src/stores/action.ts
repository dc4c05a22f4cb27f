import { map, type MapStore } from 'nanostores';
import { errorMessage } from '../lib/http.ts';

/** What an action beside a form shows: which one is running, what it did, or why not. */
export interface ActionState<K extends string> {
  busy?: K | undefined;
  notice?: string | undefined;
  error?: string | undefined;
}

export interface ActionStore<K extends string> {
  $state: MapStore<ActionState<K>>;
  /**
   * Runs one action at a time (another while one is busy does nothing): busy with its kind, then the
   * notice it answers, or the API's message (the fallback when it has none).
   */
  run(kind: K, action: () => Promise<string>, fallbackError?: string): Promise<void>;
  reset(): void;
}

/**
 * The one cycle of an action that is not a form (a button: choose a cap, report a SIM lost, a link
 * that confirms): the sibling of stores/form.ts's submit cycle (ADR 024).
 */
export function actionStore<K extends string>(): ActionStore<K> {
  const $state = map<ActionState<K>>({});
  return {
    $state,
    async run(kind, action, fallbackError) {
      if ($state.get().busy) return;
      $state.set({ busy: kind });
      try {
        $state.set({ notice: await action() });
      } catch (error) {
        $state.set({ error: errorMessage(error, fallbackError) });
      }
    },
    reset: () => $state.set({}),
  };
}
