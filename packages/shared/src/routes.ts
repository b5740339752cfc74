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
  about: '/about',
  team: '/team',
  careers: '/careers',
  partners: '/partners',
  contact: '/contact',
  support: '/support',
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
 * Links that menus and help pages show but that have no route (docs/PRODUCT.md §2.3):
 * the catch-all sends them to `/`.
 */
export const undeclaredMenuPaths = [
  '/guides/strategies',
  '/guides/risk-management',
  '/tools/calculator',
  '/tools/risk-assessment',
  '/tools/templates',
  '/features/ai',
  '/features/portfolio',
  '/features/alerts',
  '/features/social',
  '/features/analysis',
  '/docs',
  '/community',
  '/help',
] as const;

/** The public API's interactive reference, served by the server (docs/PRODUCT.md §3.20). */
export const apiDocsPath = '/api/docs';

/** docs/PRODUCT.md §2.4: the logo goes to /dashboard under /dashboard, otherwise to /. */
export function logoTarget(pathname: string): string {
  return pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`)
    ? paths.dashboard
    : paths.home;
}
