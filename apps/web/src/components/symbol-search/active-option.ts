/**
 * The option an arrow key moves to among `count` results: down from the last and up from the
 * first wrap around; from none, down starts at the first and up at the last. -1 when there are
 * no results.
 */
export function moveActiveOption(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
