// The atomics program: each part is its own translation unit and checks its results against a
// host reference, counting mismatches through e2e::expect_eq.
#pragma once

#include "test_common.h"

#include <vector>

void test_contended_integers();  // contended.hip: every thread on one address
void test_contended_floats();    // contended.hip
void test_wrapping_counters();   // contended.hip: atomicInc/atomicDec
void test_histograms();          // histogram.hip: 256 bins in __shared__ memory over bytes
void test_block_votes();         // histogram.hip: __syncthreads_count/and/or
void test_fenced_reduction();    // reduction.hip: __threadfence + last-block-done counter
void test_shared_wide();         // shared_wide.hip: 64-bit/double atomics and 8/16/64-bit data in __shared__

using e2e::pseudo_random;
