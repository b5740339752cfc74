import { describe, expect, it } from 'vitest';
import { moveActiveOption } from './active-option.ts';

describe('moving through search results with the arrow keys', () => {
  it('goes down and up one result at a time', () => {
    expect(moveActiveOption(0, 1, 3)).toBe(1);
    expect(moveActiveOption(2, -1, 3)).toBe(1);
  });

  it('wraps from the last to the first and back', () => {
    expect(moveActiveOption(2, 1, 3)).toBe(0);
    expect(moveActiveOption(0, -1, 3)).toBe(2);
  });

  it('starts at the first going down and at the last going up', () => {
    expect(moveActiveOption(-1, 1, 3)).toBe(0);
    expect(moveActiveOption(-1, -1, 3)).toBe(2);
    // A highlight left over from a longer list starts again too.
    expect(moveActiveOption(7, 1, 3)).toBe(0);
  });

  it('highlights nothing when there are no results', () => {
    expect(moveActiveOption(-1, 1, 0)).toBe(-1);
    expect(moveActiveOption(0, -1, 0)).toBe(-1);
  });
});
