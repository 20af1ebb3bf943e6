import { describe, expect, it } from 'vitest';
import { MAX_PACE, Pace } from './pace.ts';

describe('Pace', () => {
  it('lets every request through until the target declines one, then half as many at once', async () => {
    const pace = new Pace();
    const held = await Promise.all(Array.from({ length: 8 }, () => pace.slot()));
    expect(pace.limit).toBe(Number.POSITIVE_INFINITY);
    pace.slowDown();
    expect(pace.limit).toBe(4);
    for (const release of held) release();
    const four = await Promise.all(Array.from({ length: 4 }, () => pace.slot()));
    let fifth = false;
    const waiting = pace.slot().then((release) => {
      fifth = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fifth).toBe(false);
    four[0]?.();
    (await waiting)();
    expect(fifth).toBe(true);
    for (const release of four) release();
  });

  it('never goes below one at a time, and gets its speed back as answers come', () => {
    const pace = new Pace();
    for (let i = 0; i < 10; i++) pace.slowDown();
    expect(pace.limit).toBe(1);
    let answers = 0;
    while (pace.limit !== Number.POSITIVE_INFINITY && answers < 10_000) {
      pace.answered();
      answers += 1;
    }
    expect(pace.limit).toBe(Number.POSITIVE_INFINITY);
    // Additive increase: about MAX_PACE² / 2 answers from 1 back to no limit.
    expect(answers).toBeGreaterThan(MAX_PACE);
  });
});
