// Composed FIRST into the sort's run-aggregated kernels (count_runs.wgsl, scatter_runs.wgsl):
// WGSL requires `enable subgroups;` before every declaration of a module.
enable subgroups;
