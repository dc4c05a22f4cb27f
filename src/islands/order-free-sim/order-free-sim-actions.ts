import { ADDRESS_LABELS, FreeSimOrderForm } from '../../contract/forms.schema.ts';
import { ordersApi } from '../../contract/orders.schema.ts';
import { captchaAnswer } from '../../lib/captcha.ts';
import { referralsApi } from '../../contract/referrals.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { $orderFreeSimSpeech } from './order-free-sim-words.ts';
import { memberParams } from '../../lib/member-session.ts';
import { formOptions } from '../../stores/form.ts';
import { $referralNote } from './order-free-sim-state.ts';

/** The free-SIM order: the address is checked here and by the server, the captcha answered, then the order placed. */
export const freeSimOrder = formOptions({
  schema: FreeSimOrderForm.omit({ captcha: true }),
  labels: ADDRESS_LABELS,
  busyLabel: "Checking you're a person…",
  pageLoader: true,
  send: async (address, step) => {
    const captcha = await captchaAnswer('free_sim');
    const words = $orderFreeSimSpeech.get()?.words;
    step(words?.['freeSim.placing'] ?? 'Placing your order…');
    const order = (await call(ordersApi.orderFreeSim, { params: memberParams(), body: { ...address, captcha } }))
      ._payload.order;
    // A member a friend referred: the order is recorded with the referral service (nothing to record otherwise).
    try {
      await call(referralsApi.recordOrder, {
        query: { channel: 'web' },
        body: { user_id: memberParams().user_id, sim_order: order.id },
      });
      $referralNote.set(undefined);
    } catch (error) {
      $referralNote.set(
        fill(
          words?.['freeSim.referralFailed'] ??
            'Your order is placed, but the referral could not be recorded: {message}',
          {
            message: errorMessage(error, words?.['form.failed']),
          },
        ),
      );
    }
    return order;
  },
});
