// Kernels that print: every format case, strings from each memory, rows of typed values from many
// threads, and a flood beyond the printf buffer.
#include "printf_cases.h"
#include "printf_test.h"

#include <cstdio>
#include <type_traits>

__constant__ char constant_text[] = PRINTF_CONSTANT_TEXT;
__device__ char device_text[] = PRINTF_DEVICE_TEXT;

#define PRINT_CASE(format, ...) printf(format "\n", ##__VA_ARGS__);
__global__ void format_cases() { PRINTF_CASES(PRINT_CASE) }

void launch_format_cases() { format_cases<<<1, 1>>>(); }

__global__ void string_sources(const char *global_text, const char *format_in_device_memory) {
  __shared__ char shared_text[16];
  shared_text[threadIdx.x] = threadIdx.x == 15 ? '\0' : char('a' + threadIdx.x);
  __syncthreads();
  if (threadIdx.x != 0) return;
  printf("constant: %s|%.4s|\n", constant_text, constant_text);
  printf("device: %s|%30s|\n", device_text, device_text);
  printf("global: %s|%.5s|%-30s|\n", global_text, global_text, global_text);
  printf("shared: %s\n", shared_text);
  printf(format_in_device_memory, 42, global_text);
}

void launch_string_sources(const char *global_text, const char *format_in_device_memory) {
  string_sources<<<1, 16>>>(global_text, format_in_device_memory);
}

__global__ void strings_through_memory_formats(const char *memory_format, const char *shared_format,
                                               char *global_text, const char *null_text, int width) {
  __shared__ char shared_text[16];
  __shared__ char shared_format_copy[64];
  shared_text[threadIdx.x] = threadIdx.x == 15 ? '\0' : char('a' + threadIdx.x);
  for (unsigned i = threadIdx.x; i < sizeof shared_format_copy; i += blockDim.x) shared_format_copy[i] = shared_format[i];
  __syncthreads();
  if (threadIdx.x != 0) return;
  char local_text[8];
  for (int i = 0; i < 7; ++i) local_text[i] = char('A' + i + threadIdx.x);
  local_text[7] = '\0';
  printf(memory_format, 7, constant_text, device_text, global_text, shared_text, local_text, null_text, width,
         global_text, global_text, global_text, 'Z');
  printf(shared_format_copy, shared_text, shared_text, char(-5));
  // What was printed is what the strings held at the call, whatever they hold when the host prints.
  global_text[0] = '#';
  shared_text[0] = '#';
}

void launch_strings_through_memory_formats(const char *memory_format, const char *shared_format, char *global_text,
                                           const char *null_text, int width) {
  strings_through_memory_formats<<<1, 16>>>(memory_format, shared_format, global_text, null_text, width);
}

__global__ void tagged(int tag) { printf("tag %d\n", tag); }

void launch_tagged(int tag, hipStream_t stream) { tagged<<<1, 1, 0, stream>>>(tag); }

// The same line on both sides: the device prints it, the host formats it for the reference.
template <typename T>
__host__ __device__ int print_row(char *out, size_t size, int launch, int block, int thread, int row, T value) {
#if defined(__HIP_DEVICE_COMPILE__)
#define ROW_PRINT(format, ...) printf(format, __VA_ARGS__)
#else
#define ROW_PRINT(format, ...) snprintf(out, size, format, __VA_ARGS__)
#endif
  if constexpr (std::is_same_v<T, int>)
    return ROW_PRINT("L%d b%d t%d r%d int %d\n", launch, block, thread, row, value);
  else if constexpr (std::is_same_v<T, float>)
    return ROW_PRINT("L%d b%d t%d r%d float %.6g\n", launch, block, thread, row, value);
  else
    return ROW_PRINT("L%d b%d t%d r%d double %.15e\n", launch, block, thread, row, value);
#undef ROW_PRINT
}

template <typename T>
__global__ void rows_kernel(const T *values, int launch, int rows) {
  const int block = blockIdx.x, thread = threadIdx.x;
  for (int row = 0; row < rows; ++row)
    print_row<T>(nullptr, 0, launch, block, thread, row, values[(block * blockDim.x + thread) * rows + row]);
}

template <typename T>
void launch_rows(const T *values, int launch, int blocks, int threads, int rows) {
  rows_kernel<T><<<blocks, threads>>>(values, launch, rows);
}

template <typename T>
std::string row_line(int launch, int block, int thread, int row, T value) {
  char line[160];
  print_row<T>(line, sizeof line, launch, block, thread, row, value);
  return line;
}

template void launch_rows<int>(const int *, int, int, int, int);
template void launch_rows<float>(const float *, int, int, int, int);
template void launch_rows<double>(const double *, int, int, int, int);
template std::string row_line<int>(int, int, int, int, int);
template std::string row_line<float>(int, int, int, int, float);
template std::string row_line<double>(int, int, int, int, double);

__global__ void flood(int lines) {
  for (int i = 0; i < lines; ++i)
    printf("flood b%d t%d i%d %s\n", int(blockIdx.x), int(threadIdx.x), i, "0123456789abcdefghijklmnopqrstuvwxyz");
}

void launch_flood(int blocks, int threads, int lines) { flood<<<blocks, threads>>>(lines); }
