// The live caption's frame rate (components/widgets/runtime/card.ts).
import {describe, expect, it} from "vitest";
import {fpsText, frameRate} from "../../components/widgets/runtime/card.js";

describe("frameRate", () => {
  it("is frames per second between two counts", () => {
    expect(frameRate({t: 1000, n: 10}, {t: 2000, n: 70})).toBe(60);
    expect(fpsText(frameRate({t: 0, n: 0}, {t: 1000, n: 4}))).toBe("4.0 fps");
  });
  it("is no rate (an empty caption part) when no frame was drawn in between, not 0.0 fps", () => {
    expect(frameRate({t: 0, n: 5}, {t: 1200, n: 5})).toBeNull();
    expect(fpsText(frameRate({t: 0, n: 5}, {t: 1200, n: 5}))).toBe("");
  });
});
