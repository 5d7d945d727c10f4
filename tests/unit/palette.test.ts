import {interpolateSinebow as d3Sinebow, schemeTableau10 as d3Tableau10} from "d3-scale-chromatic";
import {describe, expect, it} from "vitest";
import {interpolateSinebow, schemeTableau10} from "../../components/palette.js";

describe("palettes copied from d3-scale-chromatic", () => {
  it("schemeTableau10 is d3's", () => expect([...schemeTableau10]).toEqual([...d3Tableau10]));
  it("interpolateSinebow gives d3's colour at 1,001 points", () => {
    for (let i = 0; i <= 1000; i++) expect(interpolateSinebow(i / 1000)).toBe(d3Sinebow(i / 1000));
  });
});
