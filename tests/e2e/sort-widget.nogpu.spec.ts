// The counting-sort widget alone (its embed page) with WebGPU hidden: it runs its CPU twin and says so.
import {test, expect} from "@playwright/test";
import {disableWebGPU, watchErrors, widgetValue} from "./helpers.js";
import {expectMatchesTwin, PHASES_16, type SortValue} from "./sort-widget-check.js";

test("without WebGPU the widget runs the CPU twin and says so in one line", async ({page}) => {
  const errs = watchErrors(page);
  await disableWebGPU(page);
  await page.goto("/embed/counting-sort"); // the widget alone
  expect(await page.evaluate(() => "gpu" in navigator && (navigator as any).gpu)).toBeFalsy();
  const widget = page.locator('[data-widget="counting-sort"]');
  await widget.scrollIntoViewIfNeeded(); // widgets start when they come near the viewport
  await expect(widget.locator(".widget-status")).toContainText(/WebGPU is not available.*CPU twin/);
  await expect.poll(async () => (await widgetValue<SortValue>(page, "counting-sort")).engine).toBe("cpu");
  for (let i = 0; i < PHASES_16.length; i++) {
    const v = await widgetValue<SortValue>(page, "counting-sort");
    expect(v.phaseIndex).toBe(i);
    expectMatchesTwin(v);
    if (i < PHASES_16.length - 1) await widget.getByRole("button", {name: /next/i}).click();
  }
  errs.expectNone();
});
