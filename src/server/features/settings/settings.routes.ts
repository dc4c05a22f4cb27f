import { settingsApi } from '../../../contract/settings.schema.ts';
import { serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './settings.handlers.ts';

/** My details, marketing permissions, how we contact you, password. */
export function settingsRoutes() {
  const app = router();
  serve(app, settingsApi.details, handle.details);
  serve(app, settingsApi.changeName, handle.changeName);
  serve(app, settingsApi.marketingPermissions, handle.marketingPermissions);
  serve(app, settingsApi.saveMarketingPermissions, handle.saveMarketingPermissions);
  serve(app, settingsApi.contactPreferences, handle.contactPreferences);
  serve(app, settingsApi.saveContactPreferences, handle.saveContactPreferences);
  serve(app, settingsApi.changePassword, handle.changePassword);
  return app;
}
