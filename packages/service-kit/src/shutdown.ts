import type { Logger } from './logger.js';

/** One thing to close at shutdown, named for the log line that says what was abandoned. */
export type ShutdownStep = { name: string; run: () => Promise<unknown> };

/** Phases run one after another; the steps of a phase run together (a phase waits for all of its steps). */
export type ShutdownPhases = ReadonlyArray<ReadonlyArray<ShutdownStep | undefined>>;

export type ShutdownOutcome = { completed: true } | { completed: false; abandoned: string[] };

/**
 * Closes phase after phase until `deadlineMs` have passed, then stops waiting and names what was
 * still under way or not begun. A step that fails is logged and counts as done: shutdown goes on.
 * Nothing is cancelled here; the caller drops the connections and exits (ADR 016).
 */
export async function closeWithin(phases: ShutdownPhases, deadlineMs: number, log: Logger): Promise<ShutdownOutcome> {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  const run = async (step: ShutdownStep) => {
    pending.add(step.name);
    try {
      await step.run();
    } catch (error) {
      log.warn({ err: error, step: step.name }, 'shutdown step failed');
    } finally {
      pending.delete(step.name);
    }
  };
  try {
    for (const [index, phase] of phases.entries()) {
      const steps = phase.filter((step): step is ShutdownStep => step !== undefined);
      const outcome = await Promise.race([Promise.all(steps.map(run)), deadline]);
      if (outcome === 'deadline') {
        const notBegun = phases.slice(index + 1).flatMap((later) => later.filter((step) => step !== undefined).map((step) => step.name));
        return { completed: false, abandoned: [...pending, ...notBegun] };
      }
    }
    return { completed: true };
  } finally {
    clearTimeout(timer);
  }
}
