import { describe, expect, it } from 'vitest';
import { foldDigits, textAsSeen, textSkeleton } from './text-normalise.ts';

describe('reading text as a person sees it', () => {
  it('writes the digits of every decimal script as ASCII digits', () => {
    expect(foldDigits('٩٨٧٦ ۹۸۷۶ ९८७६ ৯৮৭৬ ๙๘๗๖ 𝟗𝟖𝟕𝟔 𝟫𝟪𝟩𝟨 9876')).toBe(
      '9876 9876 9876 9876 9876 9876 9876 9876',
    );
  });

  it('folds full-width and compatibility forms, drops invisible characters', () => {
    expect(textAsSeen('＄９８７６ … ７００％')).toBe('$9876 ... 700%');
    expect(textAsSeen('9\u200b87\u200d6\u00ad ①²')).toBe('9876 12');
    expect(textAsSeen('＝HYPERLINK')).toBe('=HYPERLINK');
  });

  it('writes Cyrillic and Greek look-alikes as the Latin letter', () => {
    expect(textAsSeen('Ѕhоuld І buу')).toBe('Should I buy');
    expect(textSkeleton('  Sh\u200bould\u00a0I  ΒUY ')).toBe('should i buy');
  });

  it('leaves ordinary text as it is', () => {
    const text = 'Apple Inc. (AAPL) closed at $189.84, down 12.3% over 1 year.';
    expect(textAsSeen(text)).toBe(text);
  });
});
