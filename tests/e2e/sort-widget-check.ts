/** Checks a counting-sort widget value against the CPU twin (tests/helpers/sort-twin-check.ts), with Playwright's `expect`. */
import {expect} from "@playwright/test";
import type {CountingSortValue} from "../../components/widgets/counting-sort/index.js";
import {checkSortTwin} from "../helpers/sort-twin-check.js";

export {PHASES_16} from "../helpers/sort-twin-check.js";
export type SortValue = CountingSortValue;

/** Asserts that every array the widget shows for its current phase equals the twin's (`checkSortTwin`). */
export const expectMatchesTwin = (v: SortValue) => checkSortTwin(expect, v);
