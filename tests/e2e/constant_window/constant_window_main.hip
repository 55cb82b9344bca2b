#include "constant_window.h"

int main() {
  hipStream_t stream = nullptr;
  HIP_CHECK(hipStreamCreate(&stream));
  test_convolution_filters(stream);
  test_constant_tables();
  HIP_CHECK(hipStreamDestroy(stream));
  return e2e::finish("constant_window");
}
