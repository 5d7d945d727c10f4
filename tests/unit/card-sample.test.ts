// @vitest-environment jsdom
// A card's caption and the figures a page keeps about its widget (components/widgets/runtime/card.ts
// `onCaptionSample`, counters.ts `cardCounters` / `cardNode`) read one sample: written in the same
// task, from the same `.value`, even while the caption holds back values that come too fast.
import {afterEach, describe, expect, it, vi} from "vitest";
import {onCaptionSample, widgetCard} from "../../components/widgets/runtime/card.js";
import {cardCounters, cardNode} from "../../components/widgets/runtime/counters.js";
import {setValue, widgetRoot} from "../../components/widgets/runtime/view.js";

afterEach(() => vi.useRealTimers());

function card() {
  vi.useFakeTimers({toFake: ["setTimeout", "clearTimeout", "performance"]});
  const root = widgetRoot("test", "", {count: 100});
  const caption = widgetCard(root, ({value}) => `${value.count} bodies`);
  const counters = cardCounters(root, (v) => [["bodies now", v.count]], "test");
  const prose = cardNode(root, (v) => `${v.count}`, {inline: true});
  /** The three texts, which must say one count. */
  const read = () => [caption.textContent, `${counters.querySelector("dd")!.textContent} bodies`, `${prose.textContent} bodies`];
  return {root, read};
}

describe("a card's caption and the page's figures about its widget", () => {
  it("say the same count after every value, including those the caption holds back", () => {
    const {root, read} = card();
    expect(read()).toEqual(["100 bodies", "100 bodies", "100 bodies"]);
    // two values within the caption's 0.5 s: neither is shown yet, by the caption or the others
    setValue(root, {count: 90});
    setValue(root, {count: 80});
    expect(read()).toEqual(["100 bodies", "100 bodies", "100 bodies"]);
    // the caption's trailing write shows the last one, and the others with it
    vi.advanceTimersByTime(500);
    expect(read()).toEqual(["80 bodies", "80 bodies", "80 bodies"]);
    vi.advanceTimersByTime(600);
    setValue(root, {count: 70});
    expect(read()).toEqual(["70 bodies", "70 bodies", "70 bodies"]);
  });

  it("stop following when unsubscribed, and follow every value of a widget without a card", () => {
    const {root, read} = card();
    const seen: number[] = [];
    const stop = onCaptionSample(root, (v) => seen.push(v.count));
    vi.advanceTimersByTime(600);
    setValue(root, {count: 60});
    stop();
    vi.advanceTimersByTime(600);
    setValue(root, {count: 50});
    expect(seen).toEqual([100, 60]);
    expect(read()[0]).toBe("50 bodies");
    const bare = widgetRoot("bare", "", {count: 1});
    const all: number[] = [];
    onCaptionSample(bare, (v) => all.push(v.count));
    setValue(bare, {count: 2});
    setValue(bare, {count: 3});
    expect(all).toEqual([1, 2, 3]);
  });
});
