#ifndef SKY_SYSTEM_SHIM_H
#define SKY_SYSTEM_SHIM_H

#include <sys/types.h>
#include <time.h>

#ifdef __linux__
// glibc declares these only under _GNU_SOURCE, which Swift's Glibc module is built without; the
// symbols are there all the same (glibc 2.30 and later), so they are declared here.
extern int sched_getcpu(void);
extern pid_t gettid(void);

/// The CPU core the calling thread is running on right now, or -1.
static inline int sky_current_core(void) { return sched_getcpu(); }

/// The calling thread's kernel id, as `top -H` and `/proc/PID/task` show it.
static inline long sky_thread_id(void) { return (long)gettid(); }
#else
static inline int sky_current_core(void) { return -1; }
static inline long sky_thread_id(void) { return -1; }
#endif

/// Nanoseconds on the clock Swift's `ContinuousClock` reads (CLOCK_BOOTTIME on Linux,
/// CLOCK_MONOTONIC_RAW on Apple platforms), read straight from the C library: the engine reads the
/// time once for every scan, and `ContinuousClock.now` goes through the Swift runtime first.
static inline long long sky_continuous_nanoseconds(void) {
    struct timespec now;
#ifdef __linux__
    clock_gettime(CLOCK_BOOTTIME, &now);
#else
    clock_gettime(CLOCK_MONOTONIC_RAW, &now);
#endif
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

#endif
