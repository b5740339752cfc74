import { communityUserPath, stockPath } from '@tickerwise/shared';
import { Fragment, type ReactNode } from 'react';
import { Link } from '../../../lib/navigation.tsx';
import { type InlineNode, parsePost } from './post-markdown.ts';

function inline(nodes: InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => inlineNode(node, index));
}

function inlineNode(node: InlineNode, index: number): ReactNode {
  switch (node.type) {
    case 'text':
      return <Fragment key={index}>{node.text}</Fragment>;
    case 'strong':
      return <strong key={index}>{inline(node.children)}</strong>;
    case 'em':
      return <em key={index}>{inline(node.children)}</em>;
    case 'link':
      return (
        <a
          key={index}
          href={node.href}
          rel="nofollow ugc noopener"
          target="_blank"
          className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {inline(node.children)}
        </a>
      );
    case 'cashtag':
      return (
        <Link
          key={index}
          to={stockPath(node.symbol)}
          className="font-semibold text-brand-700 hover:underline"
        >
          ${node.symbol}
        </Link>
      );
    case 'mention':
      return (
        <Link
          key={index}
          to={communityUserPath(node.handle)}
          className="font-semibold text-brand-700 hover:underline"
        >
          @{node.handle}
        </Link>
      );
  }
}

/** A post's text in the community's Markdown subset, as React elements (never raw HTML). */
export function PostBody({
  body,
  symbols,
  mentions = [],
}: {
  body: string;
  symbols: readonly string[];
  mentions?: readonly string[];
}) {
  return (
    <div className="space-y-2 break-words text-[15px] leading-relaxed text-slate-800">
      {parsePost(body, symbols, mentions).map((block, index) =>
        block.type === 'paragraph' ? (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 && <br />}
                {inline(line)}
              </Fragment>
            ))}
          </p>
        ) : block.ordered ? (
          <ol key={index} className="list-decimal space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{inline(item)}</li>
            ))}
          </ol>
        ) : (
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{inline(item)}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
