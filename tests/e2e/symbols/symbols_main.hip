#include "symbols.h"

int main() {
  // A stream of its own where the runtime has them, else hipStreamPerThread (also not the null stream).
  hipStream_t stream = hipStreamPerThread;
  hipStream_t created = nullptr;
  if (hipStreamCreate(&created) == hipSuccess) stream = created;
  (void)hipGetLastError();

  test_address_initialisers();
  test_managed_variables();
  test_symbol_copies(stream);
  test_symbol_errors();
  if (created) HIP_CHECK(hipStreamDestroy(created));
  return e2e::finish("symbols");
}
