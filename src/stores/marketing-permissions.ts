import { map } from 'nanostores';
import { marketingPermissionsRoutes as routes } from '../contract/settings.calls.ts';
import type { MarketingPermissions } from '../contract/settings.schema.ts';
import { call, errorMessage } from '../lib/http.ts';

/** The member's marketing permissions (shared by the first-login page, sign-up-confirmed and settings). */
export interface PermissionsState {
  value?: MarketingPermissions | undefined;
  busy: boolean;
  saved: boolean;
  error?: string | undefined;
}

export const $permissions = map<PermissionsState>({ busy: false, saved: false });

/** The saved choice; `failed` is what the page says when it cannot be read. */
export async function loadPermissions(userId: string, failed: string): Promise<void> {
  $permissions.set({ busy: false, saved: false });
  try {
    const { _payload } = await call(routes.read, { params: { user_id: userId } });
    $permissions.setKey('value', _payload);
  } catch (error) {
    $permissions.setKey('error', errorMessage(error, failed));
  }
}

/** A change on screen, not yet saved. */
export function choose(change: Partial<MarketingPermissions>): void {
  const value = $permissions.get().value;
  if (value) $permissions.set({ ...$permissions.get(), value: { ...value, ...change }, saved: false });
}

export async function savePermissions(userId: string): Promise<boolean> {
  const value = $permissions.get().value;
  if (!value) return false;
  $permissions.set({ value, busy: true, saved: false });
  try {
    const { _payload } = await call(routes.save, { params: { user_id: userId }, body: value });
    $permissions.set({ value: _payload, busy: false, saved: true });
    return true;
  } catch (error) {
    $permissions.set({ value, busy: false, saved: false, error: errorMessage(error) });
    return false;
  }
}
