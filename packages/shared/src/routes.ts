/** Every route of docs/PRODUCT.md §2, named once for the router, links and tests. */
export const paths = {
  home: '/',
  caseStudy: '/case-study',
  pricing: '/pricing',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmailChange: '/email-change/confirm',
  undoEmailChange: '/email-change/undo',
  planChange: '/plan-change',
  payment: '/payment',
  gettingStarted: '/guides/getting-started',
  videos: '/guides/videos',
  glossary: '/guides/glossary',
  strategies: '/guides/strategies',
  riskManagement: '/guides/risk-management',
  calculator: '/tools/calculator',
  riskAssessment: '/tools/risk-assessment',
  templates: '/tools/templates',
  featureAi: '/features/ai',
  featureAnalysis: '/features/analysis',
  featurePortfolio: '/features/portfolio',
  featureAlerts: '/features/alerts',
  featureSocial: '/features/social',
  about: '/about',
  team: '/team',
  careers: '/careers',
  partners: '/partners',
  contact: '/contact',
  support: '/support',
  help: '/help',
  community: '/community',
  docs: '/docs',
  dashboard: '/dashboard',
  stocks: '/dashboard/investments/stocks',
  screener: '/dashboard/investments/screener',
  watchlist: '/dashboard/investments/watchlist',
  alerts: '/dashboard/investments/alerts',
  portfolio: '/dashboard/portfolio',
  crypto: '/dashboard/investments/crypto',
  etfs: '/dashboard/investments/etfs',
  socialFeed: '/dashboard/social/feed',
  socialPosts: '/dashboard/social/posts',
  socialMessages: '/dashboard/social/messages',
  socialModeration: '/dashboard/social/moderation',
  learn: '/dashboard/learn',
  courses: '/features/courses',
  settings: '/dashboard/settings',
  dashboardTeam: '/dashboard/team',
  supportRequests: '/dashboard/support',
  supportQueue: '/dashboard/support/queue',
} as const;

/** The sections of Settings (docs/PRODUCT.md §3.19), each a tab: `/dashboard/settings?tab=api`. */
export const settingsTabs = [
  'profile',
  'security',
  'notifications',
  'integrations',
  'billing',
  'data',
  'api',
] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** The address of one section of Settings. */
export function settingsPath(tab: SettingsTab): string {
  return tab === 'profile' ? paths.settings : `${paths.settings}?tab=${tab}`;
}

export type AppPath = (typeof paths)[keyof typeof paths];

export function stockPath(symbol: string): string {
  return `${paths.stocks}/${encodeURIComponent(symbol)}`;
}

/** A course of the Learn area, and one of its lessons. */
export function coursePath(courseId: string): string {
  return `${paths.learn}/${encodeURIComponent(courseId)}`;
}
export function lessonPath(courseId: string, lessonId: string): string {
  return `${coursePath(courseId)}/${encodeURIComponent(lessonId)}`;
}

/** A course certificate's public page (docs/PRODUCT.md §3.24). */
export const certificateRoute = '/certificates/:id';
export function certificatePath(id: string): string {
  return `/certificates/${encodeURIComponent(id)}`;
}

/** A community member's public profile. */
export const communityUserRoute = '/dashboard/social/u/:handle';
export function communityUserPath(handle: string): string {
  return `/dashboard/social/u/${encodeURIComponent(handle)}`;
}

/** Dashboard areas announced but not built yet: they render the Coming Soon screen. */
export const comingSoonPaths = [paths.crypto] as const;

/**
 * The public pages the build prerenders with their own title, description, canonical address
 * and Open Graph tags (docs/PRODUCT.md §2.1): the server sends each its own HTML, and lists
 * them in `/sitemap.xml`. Pages that show something live (the courses' catalogue, a feature
 * page's example) paint everything else from this HTML and fill that in once the app runs.
 */
export const prerenderedPaths = [
  paths.home,
  paths.pricing,
  paths.calculator,
  paths.riskAssessment,
  paths.templates,
  paths.featureAi,
  paths.featureAnalysis,
  paths.featurePortfolio,
  paths.featureAlerts,
  paths.featureSocial,
  paths.courses,
  paths.help,
  paths.community,
  paths.docs,
  paths.strategies,
  paths.riskManagement,
  paths.gettingStarted,
  paths.videos,
  paths.glossary,
  paths.caseStudy,
  paths.about,
  paths.team,
  paths.careers,
  paths.partners,
  paths.contact,
  paths.support,
] as const;
export type PrerenderedPath = (typeof prerenderedPaths)[number];

/** Every public page a search engine may list: `/sitemap.xml` (docs/PRODUCT.md §2.1). */
export const sitemapPaths: readonly string[] = [...prerenderedPaths];

/**
 * Stands for the site's origin in the prerendered pages' canonical and Open Graph addresses:
 * the build cannot know it, the server writes its `PUBLIC_URL` in its place.
 */
export const publicUrlToken = '%PUBLIC_URL%';

/** The picture a shared link to a public page shows (1200 x 630). */
export const openGraphImagePath = '/og-image.png';

/** What `/robots.txt` keeps crawlers out of: the signed-in app and the API. */
export const robotsDisallowed = ['/dashboard', '/api'] as const;

/** The public API's interactive reference, served by the server (docs/PRODUCT.md §3.20). */
export const apiDocsPath = '/api/docs';

/** docs/PRODUCT.md §2.4: the logo goes to /dashboard under /dashboard, otherwise to /. */
export function logoTarget(pathname: string): string {
  return pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`)
    ? paths.dashboard
    : paths.home;
}
