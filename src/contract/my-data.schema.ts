import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { stepUpFailures } from './step-up.schema.ts';

/**
 * My data (docs/product/member-controls.md, GDPR articles 15, 17 and 20): everything the portal holds about
 * the member as one JSON file, and deleting the account.
 */
export const DeleteAccountForm = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(200),
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm.' }),
});

const endpoint = endpointsOf({ tag: 'My data', access: 'member' });

export const myDataApi = {
  exportData: endpoint({
    id: 'exportMyData',
    method: 'get',
    path: '/panda/protected/users/{user_id}/my-data',
    summary:
      'Everything the portal holds about the member, table by table (secrets such as password hashes and card tokens left out), as one JSON file',
    answer: z
      .object({
        exported_at: z.string(),
        member_id: z.number().int(),
        tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
      })
      .meta({ id: 'MyData' }),
    description: 'The data (Content-Disposition: attachment)',
  }),
  deleteAccount: endpoint({
    id: 'deleteAccount',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/my-data/delete',
    summary:
      'Deletes the account (password and step-up code): sessions end, personal data is erased or anonymised, amounts are kept without the person, the referral service is told to forget the member',
    body: DeleteAccountForm,
    stepUp: 'delete',
    answer: payload(z.object({ message: z.string() })),
    description: 'Deleted',
    errors: { 403: 'No good step-up code' },
  }),
};

export const myDataFailures = failures('myData', {
  ...stepUpFailures,
  wrongPassword: { status: 400, message: "That password isn't right." },
});

export const myDataMessages = {
  deleted:
    'Your account is deleted. We have erased your personal details; we keep the amounts of your payments for 6 years, as the law asks, without your name. You can join 48 again with the same e-mail address.',
} as const;
