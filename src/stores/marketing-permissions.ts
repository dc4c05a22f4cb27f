import { map } from 'nanostores';
import { route } from '../contract/endpoint.ts';
import type { settingsApi, MarketingPermissions } from '../contract/settings.schema.ts';
import { call, errorMessage } from '../lib/http.ts';

// Typed by their endpoints, without the schema library (island pages load no zod).
const permissionsPath = '/panda/protected/users/{user_id}/marketing-permissions';
const routes = {
  read: route<typeof settingsApi.marketingPermissions>('get', permissionsPath),
  save: route<typeof settingsApi.saveMarketingPermissions>('put', permissionsPath),
};

/** The member's marketing permissions (shared by the first-login page, sign-up-confirmed and settings). */
export interface PermissionsState {
  value?: MarketingPermissions | undefined;
  busy: boolean;
  saved: boolean;
  error?: string | undefined;
}

export const $permissions = map<PermissionsState>({ busy: false, saved: false });

export async function loadPermissions(userId: string): Promise<void> {
  $permissions.set({ busy: false, saved: false });
  try {
    const { _payload } = await call(routes.read, { params: { user_id: userId } });
    $permissions.setKey('value', _payload);
  } catch (error) {
    $permissions.setKey('error', errorMessage(error, 'Your choices could not be loaded. Please reload the page.'));
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
