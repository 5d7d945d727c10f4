/**
 * The Worlds from Dust page's one module (src/_bundle/dust.js, bundled by
 * scripts/bundle-page.mjs): its widgets, the counters, the mass spectrum, the H200 table and
 * chart (components/bench/dust-chart.ts), the WGSL listings and the facts the prose reads from
 * code (the substep's phases, the software grain count).
 */
export {html} from "htl";
export {shownWGSL as browserWGSL} from "../gpu/wgsl-browser.js";
export {cardCounters, cardNode, counterList, fmt} from "../widgets/runtime/counters.js";
import {cardNode, fmt} from "../widgets/runtime/counters.js";
import type {WidgetElement} from "../widgets/runtime/view.js";
export {createDustDisc} from "../widgets/dust-disc/index.js";
export {createDustStory} from "../widgets/dust-story/index.js";
export {createWGSLCode} from "../essay/wgsl-code.js";
export {massSpectrum} from "../dust/spectrum.js";
export {MAX_TOTAL_MASS} from "../dust/twin.js";
export {DUST_PHASES} from "../dust/gpu.js";
export {DUST_DEFAULT_GRAINS, DUST_MAX_GRAINS, DUST_MIN_GRAINS, DUST_SOFTWARE_GRAINS, DUST_TWIN_GRAINS} from "../dust/params.js";
export {discScene, DISC_INNER, DISC_OUTER} from "../dust/scene.js";
export {dispatchesPerSubstep} from "../gpu/phases.js";
export {adapterLabel} from "../bench/charts.js";
export {dustBenchRows, dustPassChart} from "../bench/dust-chart.js";

/**
 * A figure in the prose about a running disc, read from the sample its caption shows
 * (`cardNode`): a dash (—) while it is not known, never a 0 or a default: with `running`,
 * until an engine runs; else while `pick` gives 0 (the disc's size before it is chosen).
 */
export function liveFigure<V extends {engine: string}>(widget: WidgetElement<V>, pick: (v: V) => number, o: {running?: boolean} = {}): HTMLElement {
  return cardNode(
    widget,
    (v) => {
      const x = pick(v);
      return (o.running ? v.engine !== "pending" : x > 0) ? fmt(x) : "—";
    },
    {inline: true}
  );
}

export {dustMatches} from "../bench/vs-original.js";
