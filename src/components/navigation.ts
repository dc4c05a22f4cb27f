import { externalLinks } from '../contract/links.ts';

/** The menus of spec section 2 "Navigation bar", exactly as listed there. */
export interface NavLink {
  label: string;
  href: string;
  external?: boolean;
}

export interface NavSection {
  /** Desktop dropdown title. */
  title: string;
  /** Title in the mobile menu where it differs (the spec's mobile visitor menu). */
  mobileTitle?: string;
  /** A section with links is a dropdown; one with only href is a plain link. */
  links?: NavLink[];
  href?: string;
}

const appLinks: NavLink[] = [
  { label: 'Download on the App Store', href: externalLinks.appStore, external: true },
  { label: 'Get it on Google Play', href: externalLinks.playStore, external: true },
];

const community: NavLink = { label: 'Community', href: externalLinks.community, external: true };

export const visitorMenu: NavSection[] = [
  {
    title: 'Why Choose Us',
    links: [
      { label: 'About Us', href: '/about-us' },
      { label: 'Benefits', href: '/benefits' },
      { label: 'Our Plan', href: '/memberships' },
      { label: 'Recruit and Reward', href: '/recruit-and-reward' },
      { label: 'Need a Device', href: '/need-a-device' },
    ],
  },
  {
    title: 'Start Using',
    links: [
      { label: 'Order free SIM', href: '/sign-up?fromStore=false' },
      { label: 'Activate SIM', href: '/sign-up' },
      { label: 'Buy Plan', href: '/my48/memberships' },
      { label: 'Unlock Your Phone', href: '/unlock-your-phone' },
      { label: 'Move Your Number', href: '/my48/settings/move-your-number' },
    ],
  },
  {
    title: 'My Account',
    mobileTitle: 'My48 Account',
    links: [
      { label: 'Memberships', href: '/my48/memberships' },
      { label: 'Dashboard', href: '/my48' },
      { label: 'Recruit and Reward', href: '/my48/recruit-and-reward' },
      { label: 'Need a Device', href: '/need-a-device' },
      { label: 'Roaming', href: '/help/roaming' },
      { label: 'Gift a Plan', href: '/gift-shop' },
      { label: 'Top Up', href: '/my48/addons' },
      { label: 'Replacement SIM', href: '/my48/settings/reorder-sim' },
      ...appLinks,
    ],
  },
  {
    title: 'Need Help',
    links: [
      { label: 'Help', href: '/help' },
      { label: 'Roaming', href: '/help/roaming' },
      community,
      { label: 'Contact Us', href: '/contact-us' },
    ],
  },
];

export const memberMenu: NavSection[] = [
  {
    title: 'My Account',
    links: [
      { label: 'Dashboard', href: '/my48' },
      { label: 'Memberships', href: '/my48/memberships' },
      { label: 'Roaming', href: '/my48' },
      { label: 'Transactions', href: '/my48/transactions' },
    ],
  },
  { title: 'My Profile', href: '/my48/settings' },
  { title: 'Buy Plan', href: '/my48/memberships' },
  {
    title: 'Help',
    links: [
      { label: 'Help', href: '/help' },
      { label: 'Roaming', href: '/help/roaming' },
      community,
      { label: 'Contact Us', href: '/contact-us' },
    ],
  },
  {
    title: 'Other',
    links: [
      { label: 'Recruit and Reward', href: '/my48/recruit-and-reward' },
      { label: 'Need a Device', href: '/my48/need-a-device' },
      { label: 'Roaming Help', href: '/help/roaming' },
      { label: 'Add Credit', href: '/my48/memberships/add-credit' },
      { label: 'Replacement SIM', href: '/my48/settings/reorder-sim' },
      { label: 'Add-ons', href: '/my48/addons' },
      { label: 'Flexi Data', href: '/my48/flexi-data' },
      { label: 'Gift a Plan', href: '/gift-shop' },
      { label: 'Back to the main site', href: '/' },
      ...appLinks,
    ],
  },
];
