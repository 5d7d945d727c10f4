/** The widget runtime: one import for a widget's factory. See README.md in this folder. */
export {runEngine, MAX_RESTARTS, RETRY_WINDOW_MS, RETRY_DELAY_MS, ACQUIRE_TIMEOUT_MS} from "./engine.js";
export type {Engine, EngineKind, EngineRuntime, EngineSpec, GPUEngineContext, CPUEngineContext} from "./engine.js";
export {createStatus, fallbackMessage, adapterName, type Status, type StatusKind} from "./status.js";
export {readOptions, readOption, readNumber, optionReader, clampOption, fmtNumber} from "./options.js";
export type {OptionSchema, OptionSpec, OptionValues, NumberOption, ChoiceOption, BooleanOption} from "./options.js";
export {button, rangeControl, logSlider, logPositions, LOG_SLIDER_STEPS, type RangeControl, type LogSlider} from "./controls.js";
export {createCanvasStage, backingSize, type CanvasStage, type CanvasStageOptions, type Pointer} from "./canvas.js";
export {setValue, widgetRoot, type WidgetElement} from "./view.js";
export {whenNear, NEAR_MARGIN} from "./lazy.js";
