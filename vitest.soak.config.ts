import {defineConfig} from "vitest/config";
import base from "./vitest.config";

// The soak tier (`npm run test:soak`): long runs — thousands of substeps, settling and
// stability runs, sorts at a hundred thousand and a million particles — kept out of
// `npm test`'s time budget. Same environment as the unit tier (Dawn on SwiftShader, one
// file at a time); only the files differ (tests/soak/ instead of tests/unit/).
// The time limit is a guard against a hang, not a measure: a run that takes 30 s on a quiet machine
// took 171 s beside a loaded `npm test` (the 12,000-grain sand twin), past the unit tier's 120 s.
export default defineConfig({...base, test: {...base.test, include: ["tests/soak/**/*.test.ts"], testTimeout: 900_000, hookTimeout: 900_000}});
