import { openGraphImagePath, publicUrlToken } from '@tickerwise/shared';

interface PageHead {
  path: string;
  title: string;
  description: string;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const rootMarker = '<div id="root"></div>';

/**
 * The built index.html made into one prerendered page: its own title and description, its
 * canonical address and Open Graph tags (the origin left as `publicUrlToken` for the server to
 * fill), and its markup in the root, marked with the path it was rendered for so the app
 * hydrates it only there.
 */
export function prerenderedHtml(template: string, head: PageHead, markup: string): string {
  if (!template.includes(rootMarker)) throw new Error(`index.html has no ${rootMarker}`);
  const url = `${publicUrlToken}${head.path === '/' ? '/' : head.path}`;
  const title = escapeAttribute(head.title);
  const description = escapeAttribute(head.description);
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Tickerwise" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${publicUrlToken}${openGraphImagePath}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta name="twitter:card" content="summary_large_image" />',
  ].join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${description}" />\n    ${tags}`,
    )
    .replace(
      rootMarker,
      `<div id="root" data-page="${escapeAttribute(head.path)}">${markup}</div>`,
    );
}
