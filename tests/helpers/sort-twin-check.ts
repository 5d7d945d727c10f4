/**
 * Checks a counting-sort widget value against the CPU twin computed from its own particles, with
 * the caller's `expect`: Playwright's in the browser tests (tests/e2e/sort-widget-check.ts), vitest's
 * in the widget's tests in Node (tests/unit/sort-widget-dom.test.ts).
 */
import {countingSortTwin} from "../../components/sort/twin.js";
import {packParticles} from "../../components/sort/particles.js";
import {teachingGrid} from "../../components/sort/teaching.js";
import type {CountingSortValue} from "../../components/widgets/counting-sort/index.js";

export const PHASES_16 = ["start", "histogram", "scan-1", "scan-2", "scan-4", "scan-8", "starts", "scatter"];

/** What both test runners' `expect` do that the check uses. */
type Expect = (actual: unknown, message?: string) => {toEqual(expected: unknown): void; toBe(expected: unknown): void; toBeNull(): void};

/**
 * Asserts that every array the widget shows for its current phase equals the twin's.
 * `order` is compared cell by cell (order inside a cell is arbitrary on the GPU).
 */
export function checkSortTwin(expect: Expect, v: CountingSortValue) {
  const side = Math.round(Math.sqrt(v.cells));
  const grid = teachingGrid(side, side);
  const twin = countingSortTwin(grid, packParticles(v.particles.map((p) => ({x: p.x, y: p.y, id: p.id}))));
  expect(v.particles.map((p) => p.cell)).toEqual(Array.from(twin.keys));
  const i = v.phaseIndex;
  const last = PHASES_16.length - 1;
  expect(v.phase).toBe(PHASES_16[i]);
  expect(v.counts).toEqual(i >= 1 ? Array.from(twin.counts) : null);
  expect(v.scanRounds).toEqual(twin.scanRounds.slice(0, Math.max(0, Math.min(i - 1, 4))).map((r) => Array.from(r)));
  expect(v.starts).toEqual(i >= last - 1 ? Array.from(twin.starts) : null);
  if (i === last) {
    const order = v.order!;
    expect([...order].sort((a, b) => a - b)).toEqual(v.particles.map((p) => p.id).sort((a, b) => a - b));
    const cellOf = new Map(v.particles.map((p) => [p.id, p.cell]));
    for (let c = 0; c < v.cells; c++) {
      const slots = order.slice(twin.starts[c], twin.starts[c + 1]);
      expect(
        slots.every((id) => cellOf.get(id) === c),
        `cell ${c} holds only its own particles`
      ).toBe(true);
      const twinSlots = Array.from(twin.order.slice(twin.starts[c], twin.starts[c + 1]));
      expect([...slots].sort((a, b) => a - b)).toEqual(twinSlots.sort((a, b) => a - b));
    }
  } else {
    expect(v.order).toBeNull();
  }
}
