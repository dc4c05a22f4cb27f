import { route } from './endpoint.ts';
import type { offersApi } from './offers.schema.ts';

/** The offers calls a light page makes, typed by their endpoints: zod-free, so the page carries no schema library. */
export const offersRoutes = {
  promotions: route<typeof offersApi.promotions>('get', '/panda/public/offers'),
  memberOffers: route<typeof offersApi.memberOffers>('get', '/panda/protected/users/{user_id}/offers'),
  campaignDetails: route<typeof offersApi.campaignDetails>('get', '/panda/protected/users/{user_id}/campaign-details'),
  joinCampaign: route<typeof offersApi.joinCampaign>('post', '/panda/protected/users/{user_id}/campaign'),
};
