import {test} from "@playwright/test";
for (const [w, h] of [[1440, 900], [390, 844]]) for (const theme of ["light", "dark"]) for (const steps of [0, 2, 7])
  test(`shot ${w} ${theme} ${steps}`, async ({page}) => {
    await page.setViewportSize({width: w, height: h});
    await page.emulateMedia({colorScheme: theme as "light" | "dark"});
    await page.goto("/");
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    const wgt = page.locator('[data-widget="counting-sort"]');
    await wgt.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => ((document.querySelector('[data-widget="counting-sort"]') as any)?.value?.particles?.[0]?.cell ?? -1) >= 0, null, {timeout: 60000});
    for (let i = 0; i < steps; i++) await wgt.getByRole("button", {name: /next/i}).click();
    await page.waitForTimeout(600);
    const card = wgt.locator("xpath=ancestor-or-self::*[contains(@class,'widget-card')][1]");
    const target = (await card.count()) ? card : wgt;
    await target.screenshot({path: `/tmp/sortw-shots/${w}-${theme}-${steps}.png`});
    await page.locator("#sort-counters").screenshot({path: `/tmp/sortw-shots/counters-${w}-${theme}-${steps}.png`});
  });
