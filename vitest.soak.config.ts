import {defineConfig} from "vitest/config";
import base from "./vitest.config";

// The soak tier (`npm run test:soak`): long runs — thousands of substeps, settling and
// stability runs, sorts at a hundred thousand and a million particles — kept out of
// `npm test`'s time budget. Same environment as the unit tier (Dawn on SwiftShader, one
// file at a time); only the files differ (tests/soak/ instead of tests/unit/).
export default defineConfig({...base, test: {...base.test, include: ["tests/soak/**/*.test.ts"]}});
