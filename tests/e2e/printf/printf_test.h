// The printf test's kernels (printf_kernels.hip), launched through these host functions by
// printf_main.hip, which checks what they print.
#pragma once

#include <hip/hip_runtime.h>

#include <string>

// One thread prints every case of printf_cases.h.
void launch_format_cases();

// %s of strings in __constant__, __device__, hipMalloc'ed and __shared__ memory, and a format
// string that is itself in device memory (the compiler cannot see its conversions).
void launch_string_sources(const char *global_text, const char *format_in_device_memory);

// Formats in device memory (the compiler cannot see their conversions), with %s of a string in
// each kind of memory among other pointer and value arguments: the device must decide from the
// recorded format which pointers are strings and copy those. PRINTF_MEMORY_FORMAT's arguments:
// 7, the __constant__, __device__, global (`global_text`), __shared__ ("abcdefghijklmno") and local
// ("ABCDEFG") strings, `null_text`, `width` and global_text for %*s, global_text for %.3s and for
// %p, and 'Z'. PRINTF_SHARED_FORMAT is copied to __shared__ memory and printed from there with the
// __shared__ string twice. The kernel overwrites the global and __shared__ strings after printing.
#define PRINTF_MEMORY_FORMAT "memory format %d: [%s] [%s] [%s] [%s] [%s] [%s] [%*s] [%-.3s] [%p] %c %%s\n"
#define PRINTF_SHARED_FORMAT "shared format: [%s] [%5.2s] %hhd\n"
void launch_strings_through_memory_formats(const char *memory_format, const char *shared_format, char *global_text,
                                           const char *null_text, int width);

// One thread prints "tag <tag>" on `stream`.
void launch_tagged(int tag, hipStream_t stream);

// Each thread of blocks x threads prints `rows` lines "L<launch> b<block> t<thread> r<row> <T> <value>"
// with values[(block * threads + thread) * rows + row], formatted by the host as row_line() does.
template <typename T>
void launch_rows(const T *values, int launch, int blocks, int threads, int rows);
template <typename T>
std::string row_line(int launch, int block, int thread, int row, T value);

// Each thread prints `lines` lines "flood b<block> t<thread> i<line> <filler>".
void launch_flood(int blocks, int threads, int lines);
