/**
 * The lines under a page's hero (caption, status, touch hint, the water's adapter line) never
 * print over each other, read once the engine runs on the GPU and the caption has its frame rate
 * (its longest text). Shared by the tests that open a hero page at one size: hero.spec.ts (the
 * essay and Worlds from Dust) and gravity-page.spec.ts (the gravity page's moving page), so each
 * reads the lines on a load it already has.
 */
import {expect, type Page} from "@playwright/test";
import {expectWebGPU, heroTextBoxes, overlaps} from "./helpers.js";

/** Asserts that no two text lines of the hero on `page` (opened at `path`) overlap; `touch`: a phone with touch as its main pointer. */
export async function expectHeroLinesApart(page: Page, path: string, touch: boolean) {
  await expectWebGPU(page);
  const hero = page.locator(".hero-widget");
  await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 90_000});
  await expect(hero.locator(".widget-caption")).toContainText("fps", {timeout: 90_000});
  await expect(hero.locator(".widget-status")).not.toBeEmpty();
  const boxes = await heroTextBoxes(page);
  // the caption and the status at least; the touch hint where touch is the main pointer, outside the water's closed disclosure
  expect(boxes.length, JSON.stringify(boxes)).toBeGreaterThanOrEqual(2);
  if (touch && path !== "/") expect(boxes.map((b) => b.name)).toContain("touch-hint");
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlaps(boxes[i], boxes[j]), `${boxes[i].name} over ${boxes[j].name}: ${JSON.stringify([boxes[i], boxes[j]])}`).toBe(false);
}
