/** Controls of the §2 grid-query demo: the Show grid toggle and Re-seed. */
import {button} from "../runtime/controls.js";

/** The controls row; `onGrid` gets the new toggle state. */
export function gridControls(showGrid: boolean, onGrid: (show: boolean) => void, onReseed: () => void): HTMLDivElement {
  const row = document.createElement("div");
  row.className = "widget-controls";
  const gridBtn = button(
    "Show grid",
    () => {
      showGrid = !showGrid;
      gridBtn.setAttribute("aria-pressed", String(showGrid));
      onGrid(showGrid);
    },
    {toggle: true}
  );
  gridBtn.setAttribute("aria-pressed", String(showGrid));
  row.append(gridBtn, button("Re-seed", onReseed));
  return row;
}
