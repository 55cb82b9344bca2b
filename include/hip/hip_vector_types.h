// HIP vector types: char1..4, uchar, short, ushort, int, uint, long, ulong, longlong, ulonglong,
// float1..4, double1..4, with CUDA's sizes and alignments (float2: 8/8, float3: 12/4,
// float4: 16/16, double2: 16/16, double4: 32/16, ...), make_<type>() functions and componentwise
// operators. Plain structs with members x, y, z, w: trivially copyable, standard layout, the same
// layout on host and device, so they can be passed to kernels by value and stored in buffers.
#pragma once

#include <hip/hipvk_detail/host_defines.h>

#if !defined(__cplusplus)
// C: the same layouts and make_<type>() functions, no operators.
#define __HIPVK_C_VEC(NAME, T, ALIGN, ...) \
  typedef struct __attribute__((aligned(ALIGN))) NAME { T __VA_ARGS__; } NAME;
#define __HIPVK_C_FAMILY(BASE, T, A1, A2, A3, A4, KIND)                                        \
  __HIPVK_C_VEC(BASE##1, T, A1, x)                                                             \
  __HIPVK_C_VEC(BASE##2, T, A2, x, y)                                                          \
  __HIPVK_C_VEC(BASE##3, T, A3, x, y, z)                                                       \
  __HIPVK_C_VEC(BASE##4, T, A4, x, y, z, w)                                                    \
  static inline BASE##1 make_##BASE##1(T x) { BASE##1 r = {x}; return r; }                     \
  static inline BASE##2 make_##BASE##2(T x, T y) { BASE##2 r = {x, y}; return r; }             \
  static inline BASE##3 make_##BASE##3(T x, T y, T z) { BASE##3 r = {x, y, z}; return r; }     \
  static inline BASE##4 make_##BASE##4(T x, T y, T z, T w) { BASE##4 r = {x, y, z, w}; return r; }
#define __HIPVK_VECTOR_FAMILY __HIPVK_C_FAMILY
#else

#define __HIPVK_VEC_FN __host__ __device__ __forceinline__ constexpr

// ---- the types -------------------------------------------------------------------------------------
#define __HIPVK_VEC1(NAME, T, ALIGN)                                                 \
  struct alignas(ALIGN) NAME {                                                       \
    typedef T value_type;                                                            \
    T x;                                                                             \
    NAME() = default;                                                                \
    __HIPVK_VEC_FN explicit NAME(T x_) : x(x_) {}                                    \
  };
#define __HIPVK_VEC2(NAME, T, ALIGN)                                                 \
  struct alignas(ALIGN) NAME {                                                       \
    typedef T value_type;                                                            \
    T x, y;                                                                          \
    NAME() = default;                                                                \
    __HIPVK_VEC_FN explicit NAME(T s) : x(s), y(s) {}                                \
    __HIPVK_VEC_FN NAME(T x_, T y_) : x(x_), y(y_) {}                                \
  };
#define __HIPVK_VEC3(NAME, T, ALIGN)                                                 \
  struct alignas(ALIGN) NAME {                                                       \
    typedef T value_type;                                                            \
    T x, y, z;                                                                       \
    NAME() = default;                                                                \
    __HIPVK_VEC_FN explicit NAME(T s) : x(s), y(s), z(s) {}                          \
    __HIPVK_VEC_FN NAME(T x_, T y_, T z_) : x(x_), y(y_), z(z_) {}                   \
  };
#define __HIPVK_VEC4(NAME, T, ALIGN)                                                 \
  struct alignas(ALIGN) NAME {                                                       \
    typedef T value_type;                                                            \
    T x, y, z, w;                                                                    \
    NAME() = default;                                                                \
    __HIPVK_VEC_FN explicit NAME(T s) : x(s), y(s), z(s), w(s) {}                    \
    __HIPVK_VEC_FN NAME(T x_, T y_, T z_, T w_) : x(x_), y(y_), z(z_), w(w_) {}      \
  };

// ---- make_<type> -----------------------------------------------------------------------------------
#define __HIPVK_MAKE1(NAME, T) \
  __HIPVK_VEC_FN NAME make_##NAME(T x) { return NAME(x); }
#define __HIPVK_MAKE2(NAME, T) \
  __HIPVK_VEC_FN NAME make_##NAME(T x, T y) { return NAME(x, y); }
#define __HIPVK_MAKE3(NAME, T) \
  __HIPVK_VEC_FN NAME make_##NAME(T x, T y, T z) { return NAME(x, y, z); }
#define __HIPVK_MAKE4(NAME, T) \
  __HIPVK_VEC_FN NAME make_##NAME(T x, T y, T z, T w) { return NAME(x, y, z, w); }

// ---- componentwise operators -----------------------------------------------------------------------
// E(OP, member) is one component of the result.
#define __HIPVK_E_VV(OP, m) (a.m OP b.m)
#define __HIPVK_E_VS(OP, m) (a.m OP s)
#define __HIPVK_E_SV(OP, m) (s OP b.m)
#define __HIPVK_E_U(OP, m) (OP a.m)

#define __HIPVK_APPLY1(NAME, T, F, OP) NAME(static_cast<T>(F(OP, x)))
#define __HIPVK_APPLY2(NAME, T, F, OP) NAME(static_cast<T>(F(OP, x)), static_cast<T>(F(OP, y)))
#define __HIPVK_APPLY3(NAME, T, F, OP)                                                 \
  NAME(static_cast<T>(F(OP, x)), static_cast<T>(F(OP, y)), static_cast<T>(F(OP, z)))
#define __HIPVK_APPLY4(NAME, T, F, OP)                                                 \
  NAME(static_cast<T>(F(OP, x)), static_cast<T>(F(OP, y)), static_cast<T>(F(OP, z)),  \
       static_cast<T>(F(OP, w)))

#define __HIPVK_ARITH_OP(N, NAME, T, OP)                                               \
  __HIPVK_VEC_FN NAME operator OP(const NAME &a, const NAME &b) {                      \
    return __HIPVK_APPLY##N(NAME, T, __HIPVK_E_VV, OP);                                \
  }                                                                                    \
  __HIPVK_VEC_FN NAME operator OP(const NAME &a, T s) {                                \
    return __HIPVK_APPLY##N(NAME, T, __HIPVK_E_VS, OP);                                \
  }                                                                                    \
  __HIPVK_VEC_FN NAME operator OP(T s, const NAME &b) {                                \
    return __HIPVK_APPLY##N(NAME, T, __HIPVK_E_SV, OP);                                \
  }                                                                                    \
  __HIPVK_VEC_FN NAME &operator OP##=(NAME &a, const NAME &b) { return a = a OP b; }   \
  __HIPVK_VEC_FN NAME &operator OP##=(NAME &a, T s) { return a = a OP s; }

#define __HIPVK_CMP_E(OP, m) (a.m OP b.m)
#define __HIPVK_CMP_OPS(N, NAME)                                                       \
  __HIPVK_VEC_FN bool operator==(const NAME &a, const NAME &b) {                       \
    return __HIPVK_CMPALL##N(==);                                                      \
  }                                                                                    \
  __HIPVK_VEC_FN bool operator!=(const NAME &a, const NAME &b) { return !(a == b); }
#define __HIPVK_CMPALL1(OP) (a.x OP b.x)
#define __HIPVK_CMPALL2(OP) (a.x OP b.x && a.y OP b.y)
#define __HIPVK_CMPALL3(OP) (a.x OP b.x && a.y OP b.y && a.z OP b.z)
#define __HIPVK_CMPALL4(OP) (a.x OP b.x && a.y OP b.y && a.z OP b.z && a.w OP b.w)

#define __HIPVK_UNARY_OP(N, NAME, T, OP) \
  __HIPVK_VEC_FN NAME operator OP(const NAME &a) { return __HIPVK_APPLY##N(NAME, T, __HIPVK_E_U, OP); }

#define __HIPVK_COMMON_OPS(N, NAME, T) \
  __HIPVK_ARITH_OP(N, NAME, T, +)      \
  __HIPVK_ARITH_OP(N, NAME, T, -)      \
  __HIPVK_ARITH_OP(N, NAME, T, *)      \
  __HIPVK_ARITH_OP(N, NAME, T, /)      \
  __HIPVK_UNARY_OP(N, NAME, T, -)      \
  __HIPVK_UNARY_OP(N, NAME, T, +)      \
  __HIPVK_CMP_OPS(N, NAME)
#define __HIPVK_INTEGER_OPS(N, NAME, T) \
  __HIPVK_ARITH_OP(N, NAME, T, %)       \
  __HIPVK_ARITH_OP(N, NAME, T, &)       \
  __HIPVK_ARITH_OP(N, NAME, T, |)       \
  __HIPVK_ARITH_OP(N, NAME, T, ^)       \
  __HIPVK_ARITH_OP(N, NAME, T, <<)      \
  __HIPVK_ARITH_OP(N, NAME, T, >>)      \
  __HIPVK_UNARY_OP(N, NAME, T, ~)

// One scalar type: four vector types with their alignments, make_ functions and operators.
#define __HIPVK_VECTOR_FAMILY(BASE, T, A1, A2, A3, A4, KIND) \
  __HIPVK_VEC1(BASE##1, T, A1)                               \
  __HIPVK_VEC2(BASE##2, T, A2)                               \
  __HIPVK_VEC3(BASE##3, T, A3)                               \
  __HIPVK_VEC4(BASE##4, T, A4)                               \
  __HIPVK_MAKE1(BASE##1, T)                                  \
  __HIPVK_MAKE2(BASE##2, T)                                  \
  __HIPVK_MAKE3(BASE##3, T)                                  \
  __HIPVK_MAKE4(BASE##4, T)                                  \
  __HIPVK_COMMON_OPS(1, BASE##1, T)                          \
  __HIPVK_COMMON_OPS(2, BASE##2, T)                          \
  __HIPVK_COMMON_OPS(3, BASE##3, T)                          \
  __HIPVK_COMMON_OPS(4, BASE##4, T)                          \
  __HIPVK_##KIND##_FAMILY_OPS(BASE, T)
#define __HIPVK_INT_FAMILY_OPS(BASE, T) \
  __HIPVK_INTEGER_OPS(1, BASE##1, T)    \
  __HIPVK_INTEGER_OPS(2, BASE##2, T)    \
  __HIPVK_INTEGER_OPS(3, BASE##3, T)    \
  __HIPVK_INTEGER_OPS(4, BASE##4, T)
#define __HIPVK_FLOAT_FAMILY_OPS(BASE, T)
#endif  // __cplusplus

//                    name       scalar               align 1  2  3  4
__HIPVK_VECTOR_FAMILY(char,      signed char,         1,  2,  1,  4,  INT)
__HIPVK_VECTOR_FAMILY(uchar,     unsigned char,       1,  2,  1,  4,  INT)
__HIPVK_VECTOR_FAMILY(short,     short,               2,  4,  2,  8,  INT)
__HIPVK_VECTOR_FAMILY(ushort,    unsigned short,      2,  4,  2,  8,  INT)
__HIPVK_VECTOR_FAMILY(int,       int,                 4,  8,  4,  16, INT)
__HIPVK_VECTOR_FAMILY(uint,      unsigned int,        4,  8,  4,  16, INT)
__HIPVK_VECTOR_FAMILY(long,      long,                8,  16, 8,  16, INT)
__HIPVK_VECTOR_FAMILY(ulong,     unsigned long,       8,  16, 8,  16, INT)
__HIPVK_VECTOR_FAMILY(longlong,  long long,           8,  16, 8,  16, INT)
__HIPVK_VECTOR_FAMILY(ulonglong, unsigned long long,  8,  16, 8,  16, INT)
__HIPVK_VECTOR_FAMILY(float,     float,               4,  8,  4,  16, FLOAT)
__HIPVK_VECTOR_FAMILY(double,    double,              8,  16, 8,  16, FLOAT)

#if defined(__cplusplus)
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3 layout");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4 layout");
static_assert(sizeof(double4) == 32 && alignof(double4) == 16, "double4 layout");
static_assert(sizeof(char3) == 3 && alignof(char3) == 1, "char3 layout");
#endif
