/** Up to two initials of a name. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** A person's initials in a round badge; decorative, so the name must be written beside it. */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800 ${
        size === 'sm' ? 'size-7 text-xs' : 'size-9 text-sm'
      }`}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
