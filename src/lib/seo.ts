export interface SiteIdentity {
  name: string;
  tagline: string;
}

/** `<page> | <product name and tagline>`, the title format of every page (spec section 2). */
export function pageTitle(page: string, site: SiteIdentity): string {
  return `${page} | ${site.name} - ${site.tagline}`;
}
