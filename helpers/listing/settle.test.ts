import { describe, expect, it } from 'vitest';
import { settle } from './settle.ts';

/** An attempt that answers the given states in turn; a state is a list of problems and a signature. */
function scripted(states: { problems: string[]; signature: string }[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    options: {
      attempt: async () => {
        const state = states[Math.min(calls, states.length - 1)] as { problems: string[]; signature: string };
        calls += 1;
        return state;
      },
      problems: (s: { problems: string[] }) => s.problems,
      signature: (s: { signature: string }) => s.signature,
    },
  };
}

describe('settle', () => {
  it('is consistent after one attempt without problems', async () => {
    const run = scripted([{ problems: [], signature: 'a' }]);
    expect(await settle(run.options)).toMatchObject({ outcome: 'consistent', attempts: 1 });
    expect(run.calls).toBe(1);
  });

  it('tries again when a discrepancy may come from a change, and accepts a clean attempt', async () => {
    const run = scripted([
      { problems: ['dup'], signature: 'a' },
      { problems: [], signature: 'b' },
    ]);
    expect(await settle(run.options)).toMatchObject({ outcome: 'consistent', attempts: 2 });
  });

  it('reports a discrepancy that two consecutive attempts reproduce exactly', async () => {
    const run = scripted([
      { problems: ['dup'], signature: 'a' },
      { problems: ['dup'], signature: 'a' },
    ]);
    expect(await settle(run.options)).toMatchObject({
      outcome: 'reproduced',
      attempts: 2,
      problems: ['dup'],
    });
  });

  it('compares consecutive attempts only', async () => {
    const run = scripted([
      { problems: ['x'], signature: 'a' },
      { problems: ['y'], signature: 'b' },
      { problems: ['y'], signature: 'b' },
    ]);
    expect(await settle(run.options)).toMatchObject({ outcome: 'reproduced', attempts: 3, problems: ['y'] });
  });

  it('gives up after maxAttempts when the listing changed every time', async () => {
    const run = scripted([
      { problems: ['x'], signature: 'a' },
      { problems: ['x'], signature: 'b' },
      { problems: ['x'], signature: 'c' },
      { problems: ['x'], signature: 'c' },
    ]);
    expect(await settle({ ...run.options, maxAttempts: 3 })).toMatchObject({
      outcome: 'unsettled',
      attempts: 3,
    });
    expect(run.calls).toBe(3);
    const once = scripted([{ problems: ['x'], signature: 'a' }]);
    expect(await settle({ ...once.options, maxAttempts: 1 })).toMatchObject({
      outcome: 'unsettled',
      attempts: 1,
    });
  });
});
