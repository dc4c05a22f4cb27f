import { atom } from 'nanostores';
import { authApi } from '../../contract/auth.ts';
import { call } from '../../lib/http.ts';

/** The new member's nickname for the welcome; none (the plain welcome) if it cannot be read. */
export const $nickname = atom<string | undefined>(undefined);

export async function loadNickname(userId: string): Promise<void> {
  try {
    $nickname.set((await call(authApi.nickname, { params: { id: userId } }))._payload.nickname);
  } catch {
    /* the plain welcome */
  }
}
