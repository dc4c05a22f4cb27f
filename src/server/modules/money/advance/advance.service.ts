import {
  ADVANCE_CENTS,
  ADVANCE_FEE_CENTS,
  advanceFailures,
  advanceMessages,
  type AdvanceRefusal,
  type AdvanceState,
} from '../../../../contract/advance.calls.ts';
import { done, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { advanceRefusal, owedOn, takeAdvance } from './advance.ts';

/** docs/product/lifelines.md: whether the SIM may take an advance (the condition not met, said), and what is owed. */
export async function stateOf({ db, clock }: ServiceContext, ssn: string): Promise<AdvanceState> {
  const [reason, owed] = await Promise.all([advanceRefusal(db, ssn, clock()), owedOn(db, ssn)]);
  return {
    eligible: reason === null,
    reason: reason ? advanceFailures[reason].code : null,
    message: reason ? advanceFailures[reason].message : null,
    owed_cents: owed,
    amount_cents: ADVANCE_CENTS,
    fee_cents: ADVANCE_FEE_CENTS,
  };
}

export async function take(
  { db, clock }: ServiceContext,
  ssn: string,
): Promise<Outcome<{ credit_cents: number; owed_cents: number; message: string }, AdvanceRefusal>> {
  const outcome = await db.transaction((tx) => takeAdvance(tx, ssn, clock()));
  if (!outcome.ok) return outcome;
  return done({ ...outcome.value, message: advanceMessages.taken });
}
