// The C reference of Sky's scan kernel. Only `sky bench` uses it: the Swift kernel's one-core rate
// is quoted against this, so it is plain, portable C that a C programmer would write, compiled
// -O3 for the default instruction set (Package.swift). Integer arithmetic only, on uint32_t, whose
// wrap-around C defines, so the checksum is bit-exact with the Swift kernel's.

#include "sky_kernel.h"

#define WIDTH 512
#define APRON 2
#define RING 5
// A blurred pixel (256 times the weighted mean) at or above this is a signal.
#define THRESHOLD (64u * 256u)

// murmur3's 32-bit finaliser.
static inline uint32_t mix32(uint32_t h) {
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

// A pixel of the star field: noise 0..31, and about one pixel in 512 a star of 512..1535.
static inline uint32_t star_field(uint32_t line_seed, uint32_t x) {
    uint32_t h = mix32(line_seed ^ (x * 0x9E3779B1u));
    uint32_t noise = (h & 0xFFu) >> 3;
    uint32_t star = (h >> 23) == 0 ? 512u + ((h >> 8) & 0x3FFu) : 0u;
    return noise + star;
}

// Raw line n of the field (sector line n - 2), blurred across into `out`.
static void blur_across(uint32_t seed, int64_t n, uint32_t *restrict out) {
    uint32_t raw[WIDTH + 2 * APRON];
    uint32_t line_seed = mix32(seed ^ ((uint32_t)n * 0x27D4EB2Fu));
    for (uint32_t x = 0; x < WIDTH + 2 * APRON; x++) raw[x] = star_field(line_seed, x);
    for (int x = 0; x < WIDTH; x++) {
        out[x] = raw[x] + raw[x + 4] + 4u * (raw[x + 1] + raw[x + 3]) + 6u * raw[x + 2];
    }
}

sky_sweep_result sky_sweep(uint64_t seed, int64_t lines) {
    const uint64_t fnv_basis = 0xCBF29CE484222325ull;
    const uint64_t fnv_prime = 0x00000100000001B3ull;
    sky_sweep_result result = { 0, fnv_basis ^ seed };
    if (lines <= 0) return result;

    uint32_t seed32 = (uint32_t)(seed ^ (seed >> 32));
    // Five lines blurred across, as a ring: sector line y needs raw lines y .. y + 4.
    uint32_t ring[RING][WIDTH];
    for (int64_t n = 0; n < 4; n++) blur_across(seed32, n, ring[n % RING]);

    for (int64_t y = 0; y < lines; y++) {
        blur_across(seed32, y + 4, ring[(y + 4) % RING]);
        const uint32_t *a = ring[y % RING], *b = ring[(y + 1) % RING], *c = ring[(y + 2) % RING];
        const uint32_t *d = ring[(y + 3) % RING], *e = ring[(y + 4) % RING];
        uint32_t sum = 0, count = 0;
        for (int x = 0; x < WIDTH; x++) {
            uint32_t v = a[x] + e[x] + 4u * (b[x] + d[x]) + 6u * c[x];
            sum += v;
            count += v >= THRESHOLD;
        }
        result.signals += count;
        result.checksum = (result.checksum ^ ((uint64_t)count << 32 | sum)) * fnv_prime;
    }
    return result;
}
