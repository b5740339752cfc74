/** Arrow-key movement among a pop-up's links, as the disclosure navigation pattern does. */
export function moveMenuFocus(container: HTMLElement, key: string): boolean {
  const links = Array.from(container.querySelectorAll<HTMLElement>('[data-menu-link]'));
  if (links.length === 0) return false;
  const current = links.indexOf(document.activeElement as HTMLElement);
  const last = links.length - 1;
  const next: Record<string, number> = {
    ArrowDown: current < 0 || current === last ? 0 : current + 1,
    ArrowUp: current <= 0 ? last : current - 1,
    Home: 0,
    End: last,
  };
  const target = next[key];
  if (target === undefined) return false;
  links[target]?.focus();
  return true;
}
