// Composed FIRST into the subgroup walk's module (before common.wgsl): WGSL requires every
// `enable` and global `diagnostic` directive to precede all declarations of a module.
enable subgroups;
// The subgroup walk's loop is uniform across the subgroup at run time (every lane pops the
// same node; each decision is one subgroupAll vote), but WGSL's static analysis cannot prove
// it: the shared stack is a per-lane variable. Turning the check off is sound only because
// every branch around a subgroup operation depends on subgroup-uniform values.
diagnostic(off, subgroup_uniformity);
