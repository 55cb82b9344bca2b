// e2e.math: the device math library as programs use it. Each part returns its failures through
// e2e::g_failures (test_common.h).
#pragma once

#include "test_common.h"

#include <cstdint>
#include <vector>

void checkIntegerIntrinsics(const std::vector<unsigned> &bits);
void checkRoundedArithmetic(const std::vector<unsigned> &bits);
// Returns how many functions' double special values the runtime refused to run (SwiftShader only:
// its shader compiler dies on some in software doubles).
int checkCallForms();
