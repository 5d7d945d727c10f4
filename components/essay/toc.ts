/**
 * The essay's table of contents: marks the link of the section being read.
 *
 * `tocHighlight(nav, invalidation?)` takes a `<nav>` whose links point at headings on the
 * page (`href="#id"`); the section being read is the last of those headings whose top has
 * passed a line 30 % down the viewport (none before the first has). Its link gets
 * `aria-current="location"` and the class `current`. An IntersectionObserver on the
 * headings triggers the check, so nothing runs on every scroll event. Errors: a missing
 * `nav` is ignored (returns a no-op cleanup).
 */
export function tocHighlight(nav: Element | null, invalidation?: Promise<unknown>): () => void {
  if (!nav) return () => {};
  const links = [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const targets = links.map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))));
  const LINE = 0.3; // of the viewport height: a heading above it counts as read
  let current = -1;
  const update = () => {
    const line = window.innerHeight * LINE;
    let k = -1;
    targets.forEach((t, i) => {
      if (t && t.getBoundingClientRect().top <= line) k = i;
    });
    if (k === current) return;
    current = k;
    links.forEach((a, i) => {
      a.classList.toggle("current", i === k);
      if (i === k) a.setAttribute("aria-current", "location");
      else a.removeAttribute("aria-current");
    });
  };
  // a heading crossing the line (in either direction) is the only moment the answer changes
  const io = new IntersectionObserver(update, {rootMargin: `0px 0px -${100 - LINE * 100}% 0px`});
  for (const t of targets) if (t) io.observe(t);
  window.addEventListener("resize", update);
  update();
  const dispose = () => {
    io.disconnect();
    window.removeEventListener("resize", update);
  };
  invalidation?.then(dispose);
  return dispose;
}

/**
 * Lets the table of contents float in the page's right margin once the reader has scrolled
 * past its place in the text, but only where that margin is free: the window is at least
 * `minWidth` px wide and no element matched by `wideSelector` (the widgets) reaches within
 * `width` + 48 px of the right edge. Otherwise it stays in the text column (so on phones it
 * never covers the text). The class `floating` on `nav` marks the floating state; the
 * nav's parent keeps the nav's height meanwhile, so the text under it does not jump.
 */
export function tocFloat(
  nav: HTMLElement | null,
  {minWidth = 1280, width = 240, wideSelector = "[data-widget]"}: {minWidth?: number; width?: number; wideSelector?: string} = {},
  invalidation?: Promise<unknown>
): () => void {
  const slot = nav?.parentElement;
  if (!nav || !slot) return () => {};
  let marginFree = false;
  const measure = () => {
    const right = Math.max(0, ...[...document.querySelectorAll(wideSelector)].map((e) => e.getBoundingClientRect().right));
    marginFree = window.innerWidth >= minWidth && right <= window.innerWidth - width - 48;
  };
  const update = () => {
    measure(); // widgets below may have grown since the last look
    const passed = slot.getBoundingClientRect().top + slot.offsetHeight < 0;
    const float = marginFree && passed;
    if (float === nav.classList.contains("floating")) return;
    slot.style.minHeight = float ? `${slot.offsetHeight}px` : "";
    nav.classList.toggle("floating", float);
  };
  const onResize = () => {
    measure();
    update();
  };
  const io = new IntersectionObserver(update);
  io.observe(slot);
  const ro = new ResizeObserver(update); // a widget that grows into the margin sends the list home
  ro.observe(document.body);
  window.addEventListener("resize", onResize);
  // widgets settle their widths after they start: measure again once the page has laid out
  const timer = setTimeout(onResize, 1500);
  onResize();
  const dispose = () => {
    io.disconnect();
    ro.disconnect();
    clearTimeout(timer);
    window.removeEventListener("resize", onResize);
  };
  invalidation?.then(dispose);
  return dispose;
}

/**
 * Keeps the target of the page's `#fragment` at the top of the window while the page is still
 * settling. The browser scrolls to the target as soon as it exists, but the widgets above it
 * are built (and grow) afterwards, which pushed a followed deep link tens to hundreds of px
 * away from its target. For `settleMs` after the page opens or the fragment changes, every
 * change of the page's height scrolls the target back to the top, until the reader scrolls,
 * taps, clicks or types (then the reader is in charge).
 */
export function keepFragmentInView(invalidation?: Promise<unknown>, settleMs = 6000): () => void {
  let until = 0;
  let target: Element | null = null;
  const follow = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    target = id ? document.getElementById(id) : null;
    until = target ? performance.now() + settleMs : 0;
    realign();
  };
  const realign = () => {
    if (!target || performance.now() > until) return;
    const top = target.getBoundingClientRect().top;
    // where the browser puts a target: its scroll margin below the page's scroll padding
    const margin = (parseFloat(getComputedStyle(target).scrollMarginTop) || 0) + (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
    if (Math.abs(top - margin) > 1) target.scrollIntoView({block: "start", behavior: "instant"});
  };
  const stop = () => {
    until = 0;
  };
  const ro = new ResizeObserver(realign);
  ro.observe(document.body);
  const inputs = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
  for (const t of inputs) window.addEventListener(t, stop, {passive: true, capture: true});
  window.addEventListener("hashchange", follow);
  follow();
  const dispose = () => {
    ro.disconnect();
    for (const t of inputs) window.removeEventListener(t, stop, {capture: true});
    window.removeEventListener("hashchange", follow);
  };
  invalidation?.then(dispose);
  return dispose;
}
