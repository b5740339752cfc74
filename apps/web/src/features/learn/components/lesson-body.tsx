/**
 * A lesson's text, compiled at build time from Markdown with the author's HTML escaped and
 * every link checked (apps/server/src/modules/learn/compile.ts): the HTML is the server's own.
 */
export function LessonBody({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`max-w-none text-base leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-8 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-ink-950 [&_h3]:mt-6 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink-950 [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:text-ink-950 [&_table]:mt-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border-b [&_td]:border-slate-100 [&_td]:px-2 [&_td]:py-1.5 [&_th]:border-b [&_th]:border-slate-300 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-semibold [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      // The server compiled this HTML at build time with the author's own HTML escaped.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
