#ifndef SKY_KERNEL_H
#define SKY_KERNEL_H

#include <stdint.h>

/// What a sweep found: the same two numbers as Swift's `ScanResult`.
typedef struct {
    int64_t signals;
    uint64_t checksum;
} sky_sweep_result;

/// The C reference of Sky's scan kernel (`SectorSweep` in SkyCore), written from its description
/// for one purpose: `sky bench` times both on the same input and checks they give the same
/// checksum. It sweeps `lines` lines of a 512-pixel procedural star field from `seed`, blurs with
/// a separable 1-4-6-4-1 kernel, thresholds, counts and folds each line into a checksum.
sky_sweep_result sky_sweep(uint64_t seed, int64_t lines);

#endif
