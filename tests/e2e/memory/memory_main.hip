#include "memory.h"

int main() {
  test_host_memory();
  test_pitched();
  test_queries();
  test_managed();
  test_pools();
  return e2e::finish("memory");
}
