// Soak tier: the sort's benchmark designs (16-byte vec4 records, the two-pass scatter, each alone and
// together) against the CPU twin on keys already in cell order (the previous sort's output, the
// usual case frame to frame) and on keys all in one cell (one cell's count is the whole input) —
// the same cases as tests/unit/sort-designs.test.ts, which runs every design on random keys.
import {describeDesigns} from "../helpers/sort-designs.js";

describeDesigns("the sort's benchmark designs on sorted and one-cell keys, equal to the twin", ["in cell order", "one cell"]);
