// The simulator's agenda (issue 17, "deterministic simulator"): events ordered by virtual time, ties
// broken by the order they were scheduled, so one seed always runs the same events in the same order.

export interface SimEvent {
  readonly at: number;
  readonly seq: number;
  readonly run: () => void;
  /** Set by a cancelled timer: the event is skipped without advancing time or touching the digest. */
  dead: boolean;
}

/** A binary min-heap on (at, seq). */
export class EventQueue {
  private readonly heap: SimEvent[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(at: number, run: () => void): SimEvent {
    const event: SimEvent = { at, seq: this.seq++, run, dead: false };
    const heap = this.heap;
    heap.push(event);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(event, heap[parent] as SimEvent)) break;
      heap[i] = heap[parent] as SimEvent;
      i = parent;
    }
    heap[i] = event;
    return event;
  }

  /** The earliest live event, without removing it (dead ones at the top are discarded). */
  peek(): SimEvent | undefined {
    while (this.heap.length > 0 && (this.heap[0] as SimEvent).dead) this.pop();
    return this.heap[0];
  }

  pop(): SimEvent | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= heap.length) break;
      const r = l + 1;
      const child = r < heap.length && before(heap[r] as SimEvent, heap[l] as SimEvent) ? r : l;
      if (!before(heap[child] as SimEvent, last)) break;
      heap[i] = heap[child] as SimEvent;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

function before(a: SimEvent, b: SimEvent): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
