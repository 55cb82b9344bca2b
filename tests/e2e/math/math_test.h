// e2e.math: the device math library as programs use it. Each part returns its failures through
// e2e::g_failures (test_common.h).
#pragma once

#include "test_common.h"

#include <cstdint>
#include <vector>

void checkIntegerIntrinsics(const std::vector<unsigned> &bits);
void checkRoundedArithmetic(const std::vector<unsigned> &bits);
// Returns false when the double call forms or the double special values could not run (in
// software doubles, beyond SwiftShader's shader compiler).
bool checkCallForms();
