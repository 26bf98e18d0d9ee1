// One surface at a time through its first frame. A page's WebGL contexts share one GPU process, so a
// surface compiling its shaders there delays every other surface's read-back; surfaces therefore take
// turns: each mounts its canvas, compiles and draws, and hands over once that frame has been drawn.
// A turn that never finishes (a lost context) is given up after `TURN_LIMIT_MS`.
const TURN_LIMIT_MS = 6000;

interface Turn {
  id: number;
  start: () => void;
}

let nextId = 1;
let active: number | null = null;
let limit: number | undefined;
const waiting: Turn[] = [];

function pump() {
  if (active !== null || !waiting.length) return;
  const turn = waiting.shift()!;
  active = turn.id;
  limit = window.setTimeout(() => endTurn(turn.id), TURN_LIMIT_MS);
  turn.start();
}

/** Queues a turn; `start` runs when it begins. Returns its id for `endTurn`. */
export function requestTurn(start: () => void): number {
  const id = nextId;
  nextId += 1;
  waiting.push({ id, start });
  window.setTimeout(pump, 0);
  return id;
}

/** Ends a turn (or withdraws it while it waits); the next one starts in a later task. */
export function endTurn(id: number): void {
  const k = waiting.findIndex((t) => t.id === id);
  if (k >= 0) waiting.splice(k, 1);
  if (active !== id) return;
  active = null;
  window.clearTimeout(limit);
  window.setTimeout(pump, 0);
}

/** For tests: whether a turn is running and how many wait. */
export const queueState = () => ({ active, waiting: waiting.length });
