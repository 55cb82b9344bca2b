// HIP vector types: char1..4, uchar, short, ushort, int, uint, long, ulong, longlong, ulonglong,
// float1..4, double1..4, with ROCm's sizes and alignments (float2: 8/8, float3: 12/4,
// float4: 16/16, double2: 16/16, double4: 32/32, ...), make_<type>() functions and componentwise
// operators (+ - * / and, for integers, % & | ^ << >> ~; compound assignment; ++ --; unary - +;
// == !=; vector-scalar and scalar-vector forms). Structs with members x, y, z, w: trivially
// copyable, standard layout, the same layout on host and device (any host compiler), so they can
// be passed to kernels by value and stored in buffers. char1..4 hold `signed char` (CUDA's
// choice; ROCm's plain char is the same type of values on x86-64).
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

#include <type_traits>

#define __HIPVK_VEC_FN __host__ __device__ __forceinline__ constexpr

// ---- the types -------------------------------------------------------------------------------------
// As in ROCm, each vector type is a typedef of HIP_vector_type<T, rank> (so generic code can
// take a HIP_vector_type<T, n>), with x/y/z/w members and ROCm's sizes and alignments: the
// alignment of rank 1, 2 and 4 is the vector's size (ROCm uses Clang ext_vector_types there:
// float2 8/8, float4 16/16, double2 16/16, double4 32/32, long4 32/32), rank 3 is aligned like T
// (float3 12/4). ROCm's `.data` member (its native vector) is here an array of the components in a
// union with them, as rocRAND and other ROCm code index it (`v.data[i]`); arithmetic on `.data`
// itself is ROCm's alone.
template <typename T> struct __hipvk_type_identity { typedef T type; };
template <bool B, typename R = void> struct __hipvk_enable_if {};
template <typename R> struct __hipvk_enable_if<true, R> { typedef R type; };

template <typename T, unsigned int rank> struct HIP_vector_base;
template <typename T> struct alignas(sizeof(T)) HIP_vector_base<T, 1> {
  union {
    struct {
      T x;
    };
    T data[1];
  };
  HIP_vector_base() = default;
  __HIPVK_VEC_FN explicit HIP_vector_base(T s) : x(s) {}
};
template <typename T> struct alignas(2 * sizeof(T)) HIP_vector_base<T, 2> {
  union {
    struct {
      T x, y;
    };
    T data[2];
  };
  HIP_vector_base() = default;
  __HIPVK_VEC_FN explicit HIP_vector_base(T s) : x(s), y(s) {}
  __HIPVK_VEC_FN HIP_vector_base(T x_, T y_) : x(x_), y(y_) {}
};
template <typename T> struct alignas(sizeof(T)) HIP_vector_base<T, 3> {
  union {
    struct {
      T x, y, z;
    };
    T data[3];
  };
  HIP_vector_base() = default;
  __HIPVK_VEC_FN explicit HIP_vector_base(T s) : x(s), y(s), z(s) {}
  __HIPVK_VEC_FN HIP_vector_base(T x_, T y_, T z_) : x(x_), y(y_), z(z_) {}
};
template <typename T> struct alignas(4 * sizeof(T)) HIP_vector_base<T, 4> {
  union {
    struct {
      T x, y, z, w;
    };
    T data[4];
  };
  HIP_vector_base() = default;
  __HIPVK_VEC_FN explicit HIP_vector_base(T s) : x(s), y(s), z(s), w(s) {}
  __HIPVK_VEC_FN HIP_vector_base(T x_, T y_, T z_, T w_) : x(x_), y(y_), z(z_), w(w_) {}
};

template <typename T, unsigned int rank> struct HIP_vector_type : HIP_vector_base<T, rank> {
  typedef T value_type;
  HIP_vector_type() = default;
  // One value for every component (explicit, as in ROCm): float4(0.5f), int2(7).
  template <typename U, typename = typename __hipvk_enable_if<std::is_convertible<U, T>::value>::type>
  __HIPVK_VEC_FN explicit HIP_vector_type(U s) : HIP_vector_base<T, rank>(static_cast<T>(s)) {}
  // One value per component, each converted (no narrowing error: uchar4{r, g, b, 255} with ints).
  // (Two leading parameters, so that no template is callable without arguments: the default
  // constructor stays trivial and __shared__ float4 tile[64] remains legal.)
  template <typename U0, typename U1, typename... Us,
            typename = typename __hipvk_enable_if<2 + sizeof...(Us) == rank>::type>
  __HIPVK_VEC_FN HIP_vector_type(U0 x0, U1 x1, Us... xs)
      : HIP_vector_base<T, rank>(static_cast<T>(x0), static_cast<T>(x1), static_cast<T>(xs)...) {}
};

// ---- componentwise operators -----------------------------------------------------------------------
// E(OP, member) is one component of the result; C<rank> lists the components.
#define __HIPVK_E_VV(OP, m) (a.m OP b.m)
#define __HIPVK_E_VS(OP, m) (a.m OP s)
#define __HIPVK_E_SV(OP, m) (s OP b.m)
#define __HIPVK_E_U(OP, m) (OP a.m)
#define __HIPVK_C1(F, OP) static_cast<T>(F(OP, x))
#define __HIPVK_C2(F, OP) static_cast<T>(F(OP, x)), static_cast<T>(F(OP, y))
#define __HIPVK_C3(F, OP) static_cast<T>(F(OP, x)), static_cast<T>(F(OP, y)), static_cast<T>(F(OP, z))
#define __HIPVK_C4(F, OP)                                                                    \
  static_cast<T>(F(OP, x)), static_cast<T>(F(OP, y)), static_cast<T>(F(OP, z)),              \
      static_cast<T>(F(OP, w))
#define __HIPVK_V(N) HIP_vector_type<T, N>
#define __HIPVK_S typename __hipvk_type_identity<T>::type
// R is the result type, possibly restricted to integer components.
#define __HIPVK_R_ANY(N, R) R
#define __HIPVK_R_INT(N, R) typename __hipvk_enable_if<std::is_integral<T>::value, R>::type

#define __HIPVK_BINARY(N, OP, KIND)                                                                \
  template <typename T>                                                                            \
  __HIPVK_VEC_FN __HIPVK_R_##KIND(N, __HIPVK_V(N)) operator OP(const __HIPVK_V(N) & a,             \
                                                             const __HIPVK_V(N) & b) {             \
    return __HIPVK_V(N)(__HIPVK_C##N(__HIPVK_E_VV, OP));                                           \
  }                                                                                                \
  template <typename T>                                                                            \
  __HIPVK_VEC_FN __HIPVK_R_##KIND(N, __HIPVK_V(N)) operator OP(const __HIPVK_V(N) & a, __HIPVK_S s) { \
    return __HIPVK_V(N)(__HIPVK_C##N(__HIPVK_E_VS, OP));                                           \
  }                                                                                                \
  template <typename T>                                                                            \
  __HIPVK_VEC_FN __HIPVK_R_##KIND(N, __HIPVK_V(N)) operator OP(__HIPVK_S s, const __HIPVK_V(N) & b) { \
    return __HIPVK_V(N)(__HIPVK_C##N(__HIPVK_E_SV, OP));                                           \
  }                                                                                                \
  template <typename T>                                                                            \
  __HIPVK_VEC_FN __HIPVK_R_##KIND(N, __HIPVK_V(N) &) operator OP##=(__HIPVK_V(N) & a,               \
                                                                 const __HIPVK_V(N) & b) {         \
    return a = a OP b;                                                                             \
  }                                                                                                \
  template <typename T>                                                                            \
  __HIPVK_VEC_FN __HIPVK_R_##KIND(N, __HIPVK_V(N) &) operator OP##=(__HIPVK_V(N) & a, __HIPVK_S s) { \
    return a = a OP s;                                                                             \
  }

#define __HIPVK_UNARY(N, OP, KIND)                                                                 \
  template <typename T>                                                                            \
  __HIPVK_VEC_FN __HIPVK_R_##KIND(N, __HIPVK_V(N)) operator OP(const __HIPVK_V(N) & a) {           \
    return __HIPVK_V(N)(__HIPVK_C##N(__HIPVK_E_U, OP));                                            \
  }

#define __HIPVK_CMPALL1 (a.x == b.x)
#define __HIPVK_CMPALL2 (a.x == b.x && a.y == b.y)
#define __HIPVK_CMPALL3 (a.x == b.x && a.y == b.y && a.z == b.z)
#define __HIPVK_CMPALL4 (a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w)

#define __HIPVK_RANK_OPS(N)                                                                        \
  __HIPVK_BINARY(N, +, ANY)                                                                        \
  __HIPVK_BINARY(N, -, ANY)                                                                        \
  __HIPVK_BINARY(N, *, ANY)                                                                        \
  __HIPVK_BINARY(N, /, ANY)                                                                        \
  __HIPVK_BINARY(N, %, INT)                                                                        \
  __HIPVK_BINARY(N, &, INT)                                                                        \
  __HIPVK_BINARY(N, |, INT)                                                                        \
  __HIPVK_BINARY(N, ^, INT)                                                                        \
  __HIPVK_BINARY(N, <<, INT)                                                                       \
  __HIPVK_BINARY(N, >>, INT)                                                                       \
  __HIPVK_UNARY(N, -, ANY)                                                                         \
  __HIPVK_UNARY(N, +, ANY)                                                                         \
  __HIPVK_UNARY(N, ~, INT)                                                                         \
  template <typename T>                                                                            \
  __HIPVK_VEC_FN bool operator==(const __HIPVK_V(N) & a, const __HIPVK_V(N) & b) {                 \
    return __HIPVK_CMPALL##N;                                                                      \
  }                                                                                                \
  template <typename T>                                                                            \
  __HIPVK_VEC_FN bool operator!=(const __HIPVK_V(N) & a, const __HIPVK_V(N) & b) {                 \
    return !(a == b);                                                                              \
  }                                                                                                \
  template <typename T> __HIPVK_VEC_FN __HIPVK_V(N) & operator++(__HIPVK_V(N) & a) {               \
    return a += static_cast<T>(1);                                                                 \
  }                                                                                                \
  template <typename T> __HIPVK_VEC_FN __HIPVK_V(N) & operator--(__HIPVK_V(N) & a) {               \
    return a -= static_cast<T>(1);                                                                 \
  }                                                                                                \
  template <typename T> __HIPVK_VEC_FN __HIPVK_V(N) operator++(__HIPVK_V(N) & a, int) {            \
    __HIPVK_V(N) old = a;                                                                          \
    a += static_cast<T>(1);                                                                        \
    return old;                                                                                    \
  }                                                                                                \
  template <typename T> __HIPVK_VEC_FN __HIPVK_V(N) operator--(__HIPVK_V(N) & a, int) {            \
    __HIPVK_V(N) old = a;                                                                          \
    a -= static_cast<T>(1);                                                                        \
    return old;                                                                                    \
  }

__HIPVK_RANK_OPS(1)
__HIPVK_RANK_OPS(2)
__HIPVK_RANK_OPS(3)
__HIPVK_RANK_OPS(4)

// ---- the names and make_<type> ---------------------------------------------------------------------
#define __HIPVK_VECTOR_FAMILY(BASE, T, A1, A2, A3, A4, KIND)                                       \
  typedef HIP_vector_type<T, 1> BASE##1;                                                           \
  typedef HIP_vector_type<T, 2> BASE##2;                                                           \
  typedef HIP_vector_type<T, 3> BASE##3;                                                           \
  typedef HIP_vector_type<T, 4> BASE##4;                                                           \
  static_assert(sizeof(BASE##1) == sizeof(T) && alignof(BASE##1) == A1, #BASE "1 layout");         \
  static_assert(sizeof(BASE##2) == 2 * sizeof(T) && alignof(BASE##2) == A2, #BASE "2 layout");     \
  static_assert(sizeof(BASE##3) == 3 * sizeof(T) && alignof(BASE##3) == A3, #BASE "3 layout");     \
  static_assert(sizeof(BASE##4) == 4 * sizeof(T) && alignof(BASE##4) == A4, #BASE "4 layout");     \
  __HIPVK_VEC_FN BASE##1 make_##BASE##1(T x) { return BASE##1(x); }                                \
  __HIPVK_VEC_FN BASE##2 make_##BASE##2(T x, T y) { return BASE##2(x, y); }                        \
  __HIPVK_VEC_FN BASE##3 make_##BASE##3(T x, T y, T z) { return BASE##3(x, y, z); }                \
  __HIPVK_VEC_FN BASE##4 make_##BASE##4(T x, T y, T z, T w) { return BASE##4(x, y, z, w); }
#endif  // __cplusplus

//                    name       scalar               align 1  2  3  4
__HIPVK_VECTOR_FAMILY(char,      signed char,         1,  2,  1,  4,  INT)
__HIPVK_VECTOR_FAMILY(uchar,     unsigned char,       1,  2,  1,  4,  INT)
__HIPVK_VECTOR_FAMILY(short,     short,               2,  4,  2,  8,  INT)
__HIPVK_VECTOR_FAMILY(ushort,    unsigned short,      2,  4,  2,  8,  INT)
__HIPVK_VECTOR_FAMILY(int,       int,                 4,  8,  4,  16, INT)
__HIPVK_VECTOR_FAMILY(uint,      unsigned int,        4,  8,  4,  16, INT)
__HIPVK_VECTOR_FAMILY(long,      long,                8,  16, 8,  32, INT)
__HIPVK_VECTOR_FAMILY(ulong,     unsigned long,       8,  16, 8,  32, INT)
__HIPVK_VECTOR_FAMILY(longlong,  long long,           8,  16, 8,  32, INT)
__HIPVK_VECTOR_FAMILY(ulonglong, unsigned long long,  8,  16, 8,  32, INT)
__HIPVK_VECTOR_FAMILY(float,     float,               4,  8,  4,  16, FLOAT)
__HIPVK_VECTOR_FAMILY(double,    double,              8,  16, 8,  32, FLOAT)

#undef __HIPVK_VECTOR_FAMILY
#if !defined(__cplusplus)
#undef __HIPVK_C_VEC
#undef __HIPVK_C_FAMILY
#endif
