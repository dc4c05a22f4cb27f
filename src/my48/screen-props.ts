/**
 * What the app hands each screen: the page the router matched (its route name and :params). A
 * screen reads its address from here, not from the router, so screens never import router.ts
 * (the router is made from the feature list, which loads the screens: that was an import cycle).
 */
export interface ScreenPage {
  route: string;
  params: Record<string, string>;
  /** The address's query (`?from=2026-12-03&to=2026-12-03`): a screen opened on a part of itself. */
  search: Record<string, string>;
}
export interface ScreenProps {
  page: ScreenPage;
}
