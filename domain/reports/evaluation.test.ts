import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluation.ts';

describe('the volunteer evaluation (commitment to events)', () => {
  it('has no evaluation without a settled event', () => {
    const e = evaluate([
      { attendance: 'expected', rating: null },
      { attendance: 'none', rating: null },
    ]);
    expect(e).toMatchObject({ accepted: 1, expected: 1, commitment: null, score: null, level: null });
  });

  it('every event attended, rated 4 and 5: commitment 1, score 4.5, level 5 (Excellent)', () => {
    const e = evaluate([
      { attendance: 'attended', rating: 4 },
      { attendance: 'attended', rating: 5 },
    ]);
    expect(e).toEqual({
      accepted: 2,
      attended: 2,
      absent: 0,
      released: 0,
      expected: 0,
      commitment: 1,
      averageRating: 4.5,
      score: 4.5,
      level: 5,
    });
  });

  it('an absence and a release lower it: (2 + 0.5) / 4 = 0.63 commitment, 4 × 0.625 = 2.5 → level 3', () => {
    const e = evaluate([
      { attendance: 'attended', rating: 4 },
      { attendance: 'attended', rating: 4 },
      { attendance: 'released', rating: 4 },
      { attendance: 'absent', rating: null },
      { attendance: 'expected', rating: null },
    ]);
    expect(e).toMatchObject({ accepted: 5, commitment: 0.63, averageRating: 4, score: 2.5, level: 3 });
  });

  it('unrated but committed counts as 5; always absent is Poor (1), never 0', () => {
    expect(evaluate([{ attendance: 'attended', rating: null }])).toMatchObject({ score: 5, level: 5 });
    expect(evaluate([{ attendance: 'absent', rating: null }])).toMatchObject({ commitment: 0, score: 0, level: 1 });
  });
});
