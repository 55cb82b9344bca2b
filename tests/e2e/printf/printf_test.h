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

// Each thread of blocks x threads prints `rows` lines "L<launch> b<block> t<thread> r<row> <T> <value>"
// with values[(block * threads + thread) * rows + row], formatted by the host as row_line() does.
template <typename T>
void launch_rows(const T *values, int launch, int blocks, int threads, int rows);
template <typename T>
std::string row_line(int launch, int block, int thread, int row, T value);

// Each thread prints `lines` lines "flood b<block> t<thread> i<line> <filler>".
void launch_flood(int blocks, int threads, int lines);
