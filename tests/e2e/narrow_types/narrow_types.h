// 8- and 16-bit data where neighbouring lanes write neighbouring bytes of one 32-bit word: run
// natively and, on devices without 8/16-bit types or storage, through the portable modules that
// keep such data in words (docs/HIP_ON_VULKAN.md, "Devices without 64-bit types").
#pragma once

#include "test_common.h"

#include <cstdint>

void run_byte_tests();
void run_short_tests();
void run_half_tests();

// A reproducible byte pattern with every value and sign.
inline uint8_t pattern_byte(size_t i) { return uint8_t((i * 2654435761u) >> 13); }
