// The gravity widgets embedded in a host page on another origin: three custom elements
// (attributes configure them) and an iframe page (URL parameters configure it).
import {expect, test, type Page} from "@playwright/test";
import {expectWebGPU, watchErrors} from "./helpers";

const HOST = `http://127.0.0.1:${Number(process.env.E2E_FIXTURE_PORT ?? Number(process.env.E2E_PORT ?? 4321) + 1)}`;

/** data-engine and `.value` of the widget inside the custom element `#id`. */
const inner = (page: Page, id: string) =>
  page.evaluate((id) => {
    const el = document.getElementById(id) as any;
    const w = el?.shadowRoot?.querySelector("[data-widget]") as HTMLElement | null;
    return w ? {engine: w.dataset.engine, widget: w.dataset.widget, value: JSON.parse(JSON.stringify(el.value ?? null))} : null;
  }, id);

test("gravity widgets embed as custom elements and as an iframe", async ({page}) => {
  test.setTimeout(240_000);
  const errs = watchErrors(page);
  await page.setViewportSize({width: 1200, height: 2400});
  await page.goto(`${HOST}/gravity.html`);
  await expectWebGPU(page);
  await expect.poll(async () => (await inner(page, "probe"))?.value?.interactions ?? 0, {timeout: 90_000}).toBeGreaterThan(0);
  const probe = (await inner(page, "probe"))!;
  expect(probe).toMatchObject({engine: "gpu", widget: "bh-probe", value: {theta: 0.8, exactInteractions: 199}});

  await expect.poll(async () => (await inner(page, "galaxy"))?.value?.stepMs ?? null, {timeout: 90_000}).not.toBeNull();
  expect(await inner(page, "galaxy")).toMatchObject({engine: "gpu", widget: "galaxy", value: {count: 500, engine: "gpu"}});

  // the 3D error widget, configured by its attributes (it started with the page, beside the others)
  await expect.poll(async () => (await inner(page, "error3d"))?.value?.medianError ?? null, {timeout: 90_000}).not.toBeNull();
  expect(await inner(page, "error3d")).toMatchObject({engine: "gpu", widget: "bh-error-3d", value: {theta: 0.7, count: 300, engine: "gpu"}});

  const frame = page.frames().find((f) => f.url().includes("/embed/bh-error"))!;
  const frameValue = () => frame.evaluate(() => JSON.parse(JSON.stringify((document.querySelector("ns-bh-error") as any)?.value ?? null)));
  await expect.poll(async () => (await frameValue())?.medianError ?? null, {timeout: 90_000}).not.toBeNull();
  expect(await frameValue()).toMatchObject({theta: 0.7, count: 300});
  await expect(frame.locator("a.ns-embed-source")).toHaveAttribute("href", /gravity#5-how-wrong-is-it/);
  errs.expectNone();
});
