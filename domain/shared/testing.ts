import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider.ts';
import { DomainError, type ErrorCode } from './errors.ts';

/** given(events).when(command).thenEmits(events) / .thenFails(code) (not "then": an object with then() is a thenable): a rule reads as the spec states it. */
export function specFor<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, now: () => Date) {
  return (...history: E[]) => ({
    when(command: C, at: Date = now()) {
      const run = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()), at);
      return {
        thenEmits(expected: E[] | ((events: E[]) => void)) {
          const events = run();
          if (typeof expected === 'function') expected(events);
          else expect(events).toEqual(expected);
        },
        /** `check`: more about the refusal (its details). */
        thenFails(code: ErrorCode, check?: (e: DomainError) => void) {
          let error: unknown = null;
          try {
            run();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).code).toBe(code);
          check?.(error as DomainError);
        },
      };
    },
  });
}
