import { atom } from 'nanostores';
import { nicknameRoute } from '../../contract/auth.calls.ts';
import { call } from '../../lib/http.ts';

// Typed by its endpoint, without the schema library (island pages load no zod).

/** The new member's nickname for the welcome; none (the plain welcome) if it cannot be read. */
export const $nickname = atom<string | undefined>(undefined);

export async function loadNickname(userId: string): Promise<void> {
  try {
    $nickname.set((await call(nicknameRoute, { params: { id: userId } }))._payload.nickname);
  } catch {
    /* the plain welcome */
  }
}
