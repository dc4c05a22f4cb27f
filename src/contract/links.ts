/**
 * Addresses outside the portal that the navigation, the footer and the server's redirects
 * share. One place, so the /android and /iphone redirects and the menu links never disagree.
 */
export const externalLinks = {
  appStore: 'https://apps.apple.com/ie/app/48-ireland/id1166587312',
  playStore: 'https://play.google.com/store/apps/details?id=ie.fortyeight.app',
  community: 'https://community.48.ie/',
  knowledgeBase: 'https://support.48.ie/hc/en-ie',
} as const;

/** Permanent redirects of the spec's route table (section 2, "Redirects"). */
export const redirects: Readonly<Record<string, string>> = {
  '/need-a-phone': '/need-a-device',
  '/android': externalLinks.playStore,
  '/iphone': externalLinks.appStore,
};
