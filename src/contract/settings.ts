/** The social networks a member may prefer for marketing (spec section 9: Snapchat unless chosen); apart from the schemas, for forms that load no zod. */
export const SOCIAL_NETWORKS = ['Snapchat', 'Instagram', 'TikTok', 'Facebook', 'X'] as const;
