import { z } from '../../../contract/zod.ts';
import { ContactPreferencesSchema, settingsApi, type ContactPreferences } from '../../../contract/settings.schema.ts';
import { call } from '../../../lib/http.ts';
import { memberParams } from '../../../lib/member-session.ts';
import { formStore } from '../../../stores/form.ts';
import { loader } from '../../../stores/loader.ts';
import { say } from '../../speech.ts';

/** Settings → How we contact you (docs/product/customer-care.md): read, then saved as a whole. */
export const contactPreferences = loader(
  async () => (await call(settingsApi.contactPreferences, { params: memberParams() }))._payload,
  () => say('my48.contact.loadFailed'),
);

/** The form's fields as the API takes them: a ticked box is "on", an empty text is none. */
const field = (values: Record<string, unknown>, name: string) =>
  typeof values[name] === 'string' ? (values[name] as string).trim() : '';
export const ContactPreferencesForm = z.preprocess((raw) => {
  const v = (raw ?? {}) as Record<string, unknown>;
  return {
    large_print: v['large_print'] === 'on',
    no_phone_calls: v['no_phone_calls'] === 'on',
    email_only: v['email_only'] === 'on',
    representative_name: field(v, 'representative_name') || null,
    representative_relationship: field(v, 'representative_relationship') || null,
    notes: field(v, 'notes') || null,
  };
}, ContactPreferencesSchema);

export const contactPreferencesForm = formStore({
  schema: ContactPreferencesForm,
  labels: {
    representative_name: "Representative's name",
    representative_relationship: 'Their relationship to you',
    notes: 'Anything else we should know',
  },
  busyLabel: 'Saving…',
  send: async (body: ContactPreferences) => {
    const { _payload } = await call(settingsApi.saveContactPreferences, { params: memberParams(), body });
    contactPreferences.$state.setKey('data', _payload);
    return say('my48.contact.saved');
  },
});
