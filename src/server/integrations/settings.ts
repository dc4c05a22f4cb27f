import type { z } from 'zod';
import { captchaSettings } from './captcha/integration.ts';
import { catalogueSettings, geolocationSettings } from '../modules/content/index.ts';
import { cdnSettings } from './cdn/integration.ts';
import { chatSettings, helpdeskSettings, ticketsSettings } from '../modules/care/index.ts';
import { deliverySettings } from '../modules/lines/index.ts';
import type { Settings, StartDeps } from './integration.ts';
import { mailSettings } from './mail/integration.ts';
import { paymentsSettings, refundsSettings } from '../modules/money/index.ts';
import { referralsSettings } from '../modules/community/index.ts';
import { pushSettings } from './push/integration.ts';
import { contentSettings } from './content/integration.ts';
import { errorReportsSettings } from './error-reports/integration.ts';
import { networkSettings } from '../modules/network/index.ts';
import { staffSettings } from '../modules/staff/index.ts';

/**
 * Every integration's settings, in the order production names what is missing. Each is declared in
 * its own folder (integrations/<s>/integration.ts); env.ts merges them and derives the checks.
 */
const all = [
  mailSettings,
  paymentsSettings,
  refundsSettings,
  referralsSettings,
  catalogueSettings,
  geolocationSettings,
  ticketsSettings,
  deliverySettings,
  helpdeskSettings,
  captchaSettings,
  pushSettings,
  contentSettings,
  errorReportsSettings,
  cdnSettings,
  networkSettings,
  chatSettings,
  staffSettings,
] as const;

/** The variables of every integration, for env.ts's one schema. */
export const integrationShape = {
  ...mailSettings.shape,
  ...paymentsSettings.shape,
  ...refundsSettings.shape,
  ...referralsSettings.shape,
  ...catalogueSettings.shape,
  ...geolocationSettings.shape,
  ...ticketsSettings.shape,
  ...deliverySettings.shape,
  ...helpdeskSettings.shape,
  ...captchaSettings.shape,
  ...pushSettings.shape,
  ...contentSettings.shape,
  ...errorReportsSettings.shape,
  ...cdnSettings.shape,
  ...networkSettings.shape,
  ...chatSettings.shape,
  ...staffSettings.shape,
};

type Values = Record<string, unknown>;
const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));
/** Any integration's settings, seen by what every one has (the values' types erased). */
interface AnySettings {
  service?: readonly string[];
  together?: readonly (readonly string[])[];
  requiredInProduction?: readonly string[];
  problem?: (values: never) => string | undefined;
}
const generic: readonly AnySettings[] = all;

/** What the integrations' settings say is wrong, each said once ("… go together", a provider's needs). */
export function settingsProblems(values: Values): string[] {
  return generic.flatMap((s) => [
    ...[...(s.service ? [s.service] : []), ...(s.together ?? [])].flatMap((names) => {
      const given = names.filter((n) => isSet(values[n])).length;
      return given === 0 || given === names.length
        ? []
        : [`${names.slice(0, -1).join(', ')} and ${names.at(-1)} go together`];
    }),
    ...(s.problem?.(values as never) ? [s.problem(values as never)!] : []),
  ]);
}

/** What production requires of the integrations and is not set, by name. */
export const missingInProduction = (values: Values): string[] =>
  generic.flatMap((s) =>
    [...(s.service ?? []), ...(s.requiredInProduction ?? [])].filter((name) => !isSet(values[name])),
  );

/** The adapters a started server uses, each as its settings choose (the real service, a stand-in, or none). */
export function startAdapters(values: Values, deps: StartDeps) {
  const adapter = <S extends z.ZodRawShape, A>(s: Settings<S, A>) =>
    s.adapter!(values as z.output<z.ZodObject<S>>, deps);
  return {
    payments: adapter(paymentsSettings)!,
    referrals: adapter(referralsSettings)!,
    catalogue: adapter(catalogueSettings)!,
    geolocation: adapter(geolocationSettings)!,
    delivery: adapter(deliverySettings)!,
    tickets: adapter(ticketsSettings)!,
    cdn: adapter(cdnSettings),
    mailSender: adapter(mailSettings),
    network: adapter(networkSettings)!,
    chat: adapter(chatSettings)!,
  };
}
