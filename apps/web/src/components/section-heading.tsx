interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  align?: 'left' | 'center';
}

/** A section's h2 with its optional eyebrow and lead, on light backgrounds. */
export function SectionHeading({ id, eyebrow, title, lead, align = 'left' }: SectionHeadingProps) {
  const centered = align === 'center' ? 'mx-auto text-center' : '';
  return (
    <div className={`max-w-2xl ${centered}`}>
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      )}
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-ink-950 text-balance sm:text-4xl"
      >
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg text-slate-600">{lead}</p>}
    </div>
  );
}
