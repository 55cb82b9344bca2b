// __device__, __constant__ and __managed__ variables in several translation units (each file has
// its own module and global segment): address initialisers, the symbol API with every copy kind,
// offsets and the asynchronous forms, and its error codes.
#pragma once

#include "test_common.h"

// tables.hip: scalars, arrays and structs whose initialisers hold addresses of other variables.
void test_address_initialisers();
// managed.hip: __managed__ scalars, arrays and structs read and written by host and device.
void test_managed_variables();
// copies.hip: hipMemcpyTo/FromSymbol(Async), every kind, offsets, both forms of the API.
void test_symbol_copies(hipStream_t stream);
void test_symbol_errors();
