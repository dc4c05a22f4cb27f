import type { offersApi } from './offers.schema.ts';
import { route } from './endpoint.ts';

/** The offers as the browser calls them: routes typed by their endpoints, in a zod-free file (island pages load no zod; the forms' rules and calls load on submit, offers-actions.ts). */
export const offersRoutes = {
  promotions: route<typeof offersApi.promotions>('get', '/panda/public/offers'),
  memberOffers: route<typeof offersApi.memberOffers>('get', '/panda/protected/users/{user_id}/offers'),
  campaignDetails: route<typeof offersApi.campaignDetails>('get', '/panda/protected/users/{user_id}/campaign-details'),
  joinCampaign: route<typeof offersApi.joinCampaign>('post', '/panda/protected/users/{user_id}/campaign'),
};
