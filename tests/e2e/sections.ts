/** The essay's section anchors in reading order (the ids Framework gives its h2 headings). */
export const SECTIONS = [
  "1-contacts-mostly-checking-for-nothing",
  "2-buckets-a-uniform-grid",
  "3-sorting-counting-sort-and-the-prefix-sum",
  "4-assembly-the-whole-sort-on-the-gpu-every-step",
  "5-water-smoothed-particle-hydrodynamics",
  "6-performance",
  "6-epilogue",
];
