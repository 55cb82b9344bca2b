// The size of a kernel module once every function call in it is inlined, as drivers that run only
// inlined code (SwiftShader) compile it: shared by the compiler (its budget, docs/PERFORMANCE.md)
// and the runtime (refusing a module a driver cannot take, naming the limit). Value functions
// (compiler/lib/ValueFunctions.h) keep the shipped modules small; this is what they expand to.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace hipvk::spirv {

// Words of function bodies, each call counted as its callee's inlined body; the module's other
// words (types, constants, decorations) once. Calls form no cycles (Vulkan forbids recursion).
inline size_t inlinedWords(const uint32_t *words, size_t count) {
  constexpr uint32_t kOpFunction = 54, kOpFunctionEnd = 56, kOpFunctionCall = 57;
  constexpr size_t kHeaderWords = 5;
  struct Body {
    size_t words = 0;
    std::vector<uint32_t> callees;
  };
  std::unordered_map<uint32_t, Body> bodies;
  std::vector<uint32_t> order; // definition order
  size_t outside = kHeaderWords;
  Body *current = nullptr;
  for (size_t i = kHeaderWords; i < count;) {
    const uint32_t length = words[i] >> 16, op = words[i] & 0xffff;
    if (length == 0 || i + length > count) return count; // malformed: the validator reports it
    if (op == kOpFunction && length >= 3) {
      current = &bodies[words[i + 2]];
      order.push_back(words[i + 2]);
    }
    if (current) {
      current->words += length;
      if (op == kOpFunctionCall && length >= 4) current->callees.push_back(words[i + 3]);
    } else {
      outside += length;
    }
    if (op == kOpFunctionEnd) current = nullptr;
    i += length;
  }
  std::unordered_map<uint32_t, size_t> inlined;
  auto expand = [&](uint32_t function, auto &self) -> size_t {
    if (auto done = inlined.find(function); done != inlined.end()) return done->second;
    inlined[function] = 0; // a cycle (invalid for Vulkan) counts once
    size_t total = bodies[function].words;
    for (uint32_t callee : bodies[function].callees) total += self(callee, self);
    return inlined[function] = total;
  };
  // The entry point is the module's first function (the emitter's order).
  return outside + (order.empty() ? 0 : expand(order.front(), expand));
}

inline size_t inlinedWords(const std::vector<uint32_t> &words) { return inlinedWords(words.data(), words.size()); }

} // namespace hipvk::spirv
