import { describe, expect, it } from 'vitest';
import { foldDigits, normaliseText, textSkeleton } from './text-normalise.ts';

describe('reading text as a person sees it', () => {
  it('writes the digits of every decimal script as ASCII digits', () => {
    expect(foldDigits('٩٨٧٦ ۹۸۷۶ ९८७६ ৯৮৭৬ ๙๘๗๖ 𝟗𝟖𝟕𝟔 𝟫𝟪𝟩𝟨 9876')).toBe(
      '9876 9876 9876 9876 9876 9876 9876 9876',
    );
  });

  it('folds full-width and compatibility forms, drops invisible characters', () => {
    expect(normaliseText('＄９８７６ … ７００％')).toBe('$9876 ... 700%');
    expect(normaliseText('9\u200b87\u200d6\u00ad ①²')).toBe('9876 12');
    expect(normaliseText('＝HYPERLINK')).toBe('=HYPERLINK');
  });

  it('writes Cyrillic and Greek look-alikes as the Latin letter', () => {
    expect(normaliseText('Ѕhоuld І buу')).toBe('Should I buy');
    expect(textSkeleton('  Sh\u200bould\u00a0I  ΒUY ')).toBe('should i buy');
  });

  it('leaves ordinary text as it is', () => {
    const text = 'Apple Inc. (AAPL) closed at $189.84, down 12.3% over 1 year.';
    expect(normaliseText(text)).toBe(text);
  });
});
