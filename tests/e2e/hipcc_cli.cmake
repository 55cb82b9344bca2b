# ctest script: hipcc's command-line behaviour (no device needed).
#   cmake -DHIPCC=<hipcc> -DSRC=<dir of tests/e2e> -DWORK=<scratch dir> -P hipcc_cli.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/tmp)
set(ENV{TMPDIR} ${WORK}/tmp)

macro(run_hipcc)
  execute_process(COMMAND ${HIPCC} ${ARGN} WORKING_DIRECTORY ${WORK}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(out "${out}${err}")
  set(cmdline "hipcc ${ARGN}")
endmacro()

# Functions, not macros: a macro pastes a regular expression into its body as text, where an
# escape such as \. is a syntax error that makes the check pass silently.
function(fail what)
  message(SEND_ERROR "FAILED: ${what}\n  ${cmdline}\n  exit status ${rc}, output:\n${out}")
  set_property(GLOBAL APPEND PROPERTY hipcc_cli_failures "${what}")
endfunction()

# expect_rc(ZERO|NONZERO what)
function(expect_rc kind what)
  if(("${kind}" STREQUAL "ZERO" AND NOT rc EQUAL 0) OR ("${kind}" STREQUAL "NONZERO" AND rc EQUAL 0))
    fail("${what}: exit status")
  endif()
endfunction()
function(expect_match regex what)
  if(NOT out MATCHES "${regex}")
    fail("${what}: output does not match ${regex}")
  endif()
endfunction()
function(expect_no_match regex what)
  if(out MATCHES "${regex}")
    fail("${what}: output matches ${regex}")
  endif()
endfunction()

set(DRY "-###")

# --version names the HIP version and the clang in use.
run_hipcc(--version)
expect_rc(ZERO "--version")
expect_match("HIP version: [0-9]+\\.[0-9]+" "--version")
expect_match("clang version" "--version")

# Clear errors.
run_hipcc(${WORK}/does_not_exist.hip -o x)
expect_rc(NONZERO "missing input")
expect_match("no such file or directory: '[^']*does_not_exist.hip'" "missing input")
run_hipcc(-x fortran ${SRC}/vector_add.hip)
expect_rc(NONZERO "unknown -x")
expect_match("language 'fortran' not recognized" "unknown -x")
run_hipcc(-O2)
expect_rc(NONZERO "no inputs")
expect_match("no input files" "no inputs")
run_hipcc(-c ${SRC}/vector_add.hip ${SRC}/saxpy.hip -o x.o)
expect_rc(NONZERO "-c -o with two sources")
expect_match("cannot specify '-o'" "-c -o with two sources")

# -### shows the steps of a HIP source and the link, with the flags that matter: the run-time-width
# device pass (no target macros, warpSize read at run time), the probe, the fixed-width forms of the
# --offload-arch targets (docs/HIP_ON_VULKAN.md, "Wavefront size"; gfx90a is wave64 only), the
# backend on all of them, the host pass and the link.
run_hipcc(${DRY} ${SRC}/vector_add.hip -o app -O1 -DFOO=1 -Iinc --offload-arch=gfx90a:xnack+ -lm)
expect_rc(ZERO "-###")
expect_match("--cuda-device-only[^\n]*-nogpuinc[^\n]*-cuid=[0-9a-f]+ --offload-arch=gfx900 -U__GFX9__[^\n]*-D__HIPVK_WAVEFRONT_SIZE_AT_RUN_TIME=1[^\n]*-DFOO=1[^\n]*-emit-llvm[^\n]*device\\.bc" "run-time-width device pass")
expect_match("hipvk-spirv --wave-probe [^\n]*device\\.bc" "wave-size probe")
expect_match("--cuda-device-only[^\n]*--offload-arch=gfx90a [^\n]*-DFOO=1[^\n]*-emit-llvm[^\n]*wave64\\.bc" "wave64 pass for gfx90a")
expect_no_match("wave32\\.bc" "no wave32 form for a wave64 target")
expect_match("hipvk-spirv [^\n]*device\\.bc --wave64 [^\n]*wave64\\.bc --wave64-target gfx90a -o [^\n]*\\.hipfb" "backend step")
expect_match("--cuda-host-only[^\n]*-cuid=[0-9a-f]+[^\n]*-fcuda-include-gpubinary" "host pass")
expect_match("-lm[^\n]*-lhipvk -Wl,-rpath," "link step")
expect_match(" -O1 " "user -O level")
expect_no_match(" -O3 " "user -O replaces the default")

# Default -O3; a plain .cpp is host C++; after -x hip it is HIP.
# --no-portable reaches the backend (no modules for devices without 64-bit/8-/16-bit types);
# without it the backend builds them.
expect_no_match("--no-portable" "portable modules by default")
run_hipcc(${DRY} ${SRC}/vector_add.hip -o app --no-portable)
expect_rc(ZERO "--no-portable")
expect_match("hipvk-spirv [^\n]*--no-portable" "--no-portable passed to the backend")

run_hipcc(${DRY} -c ${SRC}/multi_source/main.cpp -o m.o)
expect_match("-x c\\+\\+" "plain .cpp is C++")
expect_no_match("cuda-device-only" "plain .cpp has no device pass")
expect_match(" -O3 " "default -O3")
run_hipcc(${DRY} -c -x hip ${SRC}/multi_source/main.cpp -o m.o)
expect_match("cuda-device-only" "-x hip makes a .cpp HIP")

# The default fixed forms: wave32 claiming gfx1030, wave64 claiming gfx900; ROCm's
# -mwavefrontsize64 makes a gfx10+ target wave64.
run_hipcc(${DRY} -c ${SRC}/vector_add.hip -o v.o)
expect_match("--offload-arch=gfx1030 -mno-wavefrontsize64[^\n]*wave32\\.bc" "default wave32 form")
expect_match("--offload-arch=gfx900 -D__HIPVK__[^\n]*wave64\\.bc" "default wave64 form")
run_hipcc(${DRY} -c ${SRC}/vector_add.hip -o v.o --offload-arch=gfx1100 -mwavefrontsize64)
expect_match("--offload-arch=gfx1100 -mwavefrontsize64[^\n]*wave64\\.bc" "gfx1100 with -mwavefrontsize64")
expect_no_match("wave32\\.bc" "gfx1100 with -mwavefrontsize64 has no wave32 form")

# --offload-arch is silent.
run_hipcc(--offload-arch=gfx1100 -fsyntax-only ${SRC}/vector_add.hip)
expect_rc(ZERO "-fsyntax-only")
if(NOT out STREQUAL "")
  fail("--offload-arch must print nothing")
endif()

# Backend diagnostics name the source as it was given, also when it lies below the working
# directory (Clang's debug info stores such paths relative to it).
file(MAKE_DIRECTORY ${WORK}/sub)
file(WRITE ${WORK}/sub/undefined.hip "__device__ int f(int);\n__global__ void k(int *p) { p[0] = f(1); }\n")
run_hipcc(-c ${WORK}/sub/undefined.hip -o u.o)
expect_rc(NONZERO "backend error")
expect_match("${WORK}/sub/undefined.hip:2:[0-9]+: error: call to 'f[(]int[)]'" "absolute path as given")
run_hipcc(-c sub/../sub/undefined.hip -o u.o)
expect_match("sub/[.][.]/sub/undefined.hip:2:[0-9]+: error" "relative path as given")
# The host pass runs beside the device compilation: a failed device compilation leaves no object
# (the host's is written aside), and an error of the host code alone is reported once, with no
# object either.
if(EXISTS ${WORK}/u.o)
  fail("a failed device compilation left its object behind")
endif()
file(WRITE ${WORK}/host_error.hip "__global__ void k(int *p) { p[0] = 1; }\nint host() { return not_declared; }\n")
run_hipcc(-c ${WORK}/host_error.hip -o host_error.o)
expect_rc(NONZERO "host code error")
string(REGEX MATCHALL "use of undeclared identifier 'not_declared'" reports "${out}")
list(LENGTH reports count)
if(NOT count EQUAL 1 OR EXISTS ${WORK}/host_error.o)
  fail("host code error: reported ${count} times (once wanted), or an object was left")
endif()
# -MD names the dependency file and its target after the object, as Clang does.
file(MAKE_DIRECTORY ${WORK}/deps)
run_hipcc(-c ${SRC}/vector_add.hip -o deps/va.o -MD)
expect_rc(ZERO "-MD")
if(NOT EXISTS ${WORK}/deps/va.d)
  fail("-MD: deps/va.d not written")
else()
  file(READ ${WORK}/deps/va.d deps)
  if(NOT deps MATCHES "^deps/va[.]o: [^\n]*vector_add[.]hip")
    set(out "${deps}")
    fail("-MD: the dependency file does not name deps/va.o and the source")
  endif()
endif()

# A translation unit without kernels (host code, __device__ helpers and variables) compiles.
file(WRITE ${WORK}/no_kernels.hip "__device__ int table[3] = {1, 2, 3};\n__device__ int twice(int x) { return 2 * x; }\nint host() { return 1; }\n")
run_hipcc(-c ${WORK}/no_kernels.hip -o no_kernels.o)
expect_rc(ZERO "a source without kernels")
# Build systems probe with -o /dev/null: the object is written through the path, never renamed onto it.
run_hipcc(-c ${WORK}/no_kernels.hip -o /dev/null)
expect_rc(ZERO "-o /dev/null")
execute_process(COMMAND test -c /dev/null RESULT_VARIABLE still_device)
if(NOT still_device EQUAL 0)
  fail("-o /dev/null replaced /dev/null")
endif()

# --genco writes a code object (the offload blob) for hipModuleLoad; several sources need -fgpu-rdc
# to become one.
run_hipcc(--genco ${SRC}/vector_add.hip -o va.co)
expect_rc(ZERO "--genco")
file(READ ${WORK}/va.co magic LIMIT 8 HEX)
if(NOT magic STREQUAL "484950564b424c31")  # HIPVKBL1
  fail("--genco output is not a hipvk code object")
endif()
run_hipcc(--genco ${SRC}/vector_add.hip ${SRC}/saxpy.hip -o two.co)
expect_rc(NONZERO "--genco of two sources into one -o")
expect_match("several code objects" "--genco of two sources into one -o")
run_hipcc(--genco -fgpu-rdc ${SRC}/rdc/physics.hip ${SRC}/rdc/integrate.hip -o linked.co)
expect_rc(ZERO "--genco -fgpu-rdc links the sources")
file(READ ${WORK}/linked.co magic LIMIT 8 HEX)
if(NOT magic STREQUAL "484950564b424c31")
  fail("--genco -fgpu-rdc output is not a hipvk code object")
endif()

# --emit-static-lib makes an archive; unknown long options are hipcc's own error.
run_hipcc(--emit-static-lib ${SRC}/vector_add.hip ${SRC}/saxpy.hip -o libboth.a)
expect_rc(ZERO "--emit-static-lib")
file(READ ${WORK}/libboth.a magic LIMIT 7 HEX)
if(NOT magic STREQUAL "213c617263683e")  # !<arch>
  fail("--emit-static-lib output is not an archive")
endif()
run_hipcc(--expt-relaxed-constexpr -c ${SRC}/vector_add.hip)
expect_rc(NONZERO "unknown long option")
expect_match("hipcc: error: unknown or unsupported argument '--expt-relaxed-constexpr'" "unknown long option")

# -M alone prints the dependencies and compiles nothing.
run_hipcc(-M ${SRC}/vector_add.hip)
expect_rc(ZERO "-M")
expect_match("vector_add.o:.*vector_add.hip" "-M lists the source")
expect_match("hip_runtime.h" "-M lists the HIP headers")

# Loops are partially unrolled once the device library is linked, by their real size: a loop of 64
# sinf calls stays a loop, unrolled by 4 (hipvk-unroll-loops: about 69 KB; unrolled by clang, it was
# 16 inlined copies of OCML's sinf), while a short loop of fused multiply-adds is still unrolled
# completely, and `#pragma unroll` is honoured without Clang's "loop not unrolled" warning.
file(WRITE ${WORK}/unroll.hip [=[
#include <hip/hip_runtime.h>
__global__ void pragma8(float *out, float b, float c, int iters) {
  float acc[8];
#pragma unroll
  for (int j = 0; j < 8; ++j) acc[j] = float(j);
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[j] = acc[j] * b + c;
  }
  out[threadIdx.x] = acc[0] + acc[7];
}
__global__ void chain(const float *in, float *out) {
  float x = in[threadIdx.x], acc = 0;
  for (int r = 0; r < 64; ++r) { float y = sinf(x); acc += y; x += 0.001f * y; }
  out[threadIdx.x] = acc;
}
__global__ void dot16(const float *a, const float *b, float *out) {
  float acc = 0;
  for (int k = 0; k < 16; ++k) acc += a[threadIdx.x * 16 + k] * b[k];
  out[threadIdx.x] = acc;
}
]=])
# -ftime-report: Clang's report and the backend's stages (the passes by name).
run_hipcc(-c ${WORK}/unroll.hip -o unroll_timed.o -ftime-report)
expect_rc(ZERO "-ftime-report")
expect_match("hipvk-spirv time report" "-ftime-report: the backend's report")
expect_match("pass hipvk-optimize" "-ftime-report: the backend's passes")
expect_match("Clang front-end time report" "-ftime-report: Clang's report")
run_hipcc(-c ${WORK}/unroll.hip -o unroll.o --save-temps --no-portable)
expect_rc(ZERO "unroll.hip")
expect_no_match("loop not unrolled" "#pragma unroll without warnings")
find_program(SPIRV_DIS spirv-dis REQUIRED)
foreach(kernel_loops "0;pragma8;1" "1;chain;1" "2;dot16;0")
  list(GET kernel_loops 0 index)
  list(GET kernel_loops 1 kernel)
  list(GET kernel_loops 2 want)
  execute_process(COMMAND ${SPIRV_DIS} ${WORK}/unroll.${index}.spv OUTPUT_VARIABLE dis)
  string(REGEX MATCHALL "OpLoopMerge" loops "${dis}")
  list(LENGTH loops count)
  if(NOT dis MATCHES "OpEntryPoint GLCompute %[0-9a-z_]+ \"[^\"]*${kernel}" OR NOT count EQUAL want)
    set(out "unroll.${index}.spv: ${count} loops")
    fail("${kernel}: expected ${want} loops")
  endif()
endforeach()
file(SIZE ${WORK}/unroll.1.spv chain_size)
if(chain_size GREATER 131072)
  set(out "unroll.1.spv (chain) is ${chain_size} bytes")
  fail("a loop of 64 sinf calls was unrolled")
endif()

# Temporary directories are gone after success and after failure.
file(GLOB left ${WORK}/tmp/*)
if(left)
  set(out "${left}")
  fail("temporary files left in TMPDIR")
endif()

get_property(failed GLOBAL PROPERTY hipcc_cli_failures)
list(LENGTH failed failures)
if(failures GREATER 0)
  message(FATAL_ERROR "${failures} hipcc command-line checks failed")
endif()
message(STATUS "all hipcc command-line checks passed")
