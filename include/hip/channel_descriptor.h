// hipCreateChannelDesc<T>(): the channel description of a texel type, as ROCm's
// channel_descriptor.h gives it (bits per channel, the channel kind; hipChannelFormatKindNone and
// zero bits for a type that is no texel). Arrays and textures themselves are not implemented yet.
#ifndef HIP_INCLUDE_HIP_CHANNEL_DESCRIPTOR_H
#define HIP_INCLUDE_HIP_CHANNEL_DESCRIPTOR_H

#include <hip/hip_runtime_api.h>

#if defined(__cplusplus)
#include <hip/hip_fp16.h>
#include <hip/hip_vector_types.h>

// Scalar channel types: the kind of channel; vector types: their element and channel count.
template <typename T> struct __hipvk_channel { static constexpr int channels = 0; };
#define __HIPVK_CHANNEL_SCALAR(T, KIND)                                                            \
  template <> struct __hipvk_channel<T> {                                                          \
    using element = T;                                                                             \
    static constexpr int channels = 1;                                                             \
    static constexpr hipChannelFormatKind kind = KIND;                                             \
  };
__HIPVK_CHANNEL_SCALAR(char, static_cast<char>(-1) < 0 ? hipChannelFormatKindSigned : hipChannelFormatKindUnsigned)
__HIPVK_CHANNEL_SCALAR(signed char, hipChannelFormatKindSigned)
__HIPVK_CHANNEL_SCALAR(unsigned char, hipChannelFormatKindUnsigned)
__HIPVK_CHANNEL_SCALAR(short, hipChannelFormatKindSigned)
__HIPVK_CHANNEL_SCALAR(unsigned short, hipChannelFormatKindUnsigned)
__HIPVK_CHANNEL_SCALAR(int, hipChannelFormatKindSigned)
__HIPVK_CHANNEL_SCALAR(unsigned int, hipChannelFormatKindUnsigned)
__HIPVK_CHANNEL_SCALAR(float, hipChannelFormatKindFloat)
__HIPVK_CHANNEL_SCALAR(__half, hipChannelFormatKindFloat)
#undef __HIPVK_CHANNEL_SCALAR
// 1-, 2- and 4-channel vectors of those (3-channel texels do not exist).
template <typename T, unsigned N> struct __hipvk_channel<HIP_vector_type<T, N>> : __hipvk_channel<T> {
  static constexpr int channels = __hipvk_channel<T>::channels && N != 3 ? int(N) : 0;
};

template <typename T> inline hipChannelFormatDesc hipCreateChannelDesc() {
  using C = __hipvk_channel<T>;
  if constexpr (C::channels == 0) {
    return hipCreateChannelDesc(0, 0, 0, 0, hipChannelFormatKindNone);
  } else {
    constexpr int bits = 8 * static_cast<int>(sizeof(typename C::element));
    return hipCreateChannelDesc(bits, C::channels > 1 ? bits : 0, C::channels > 2 ? bits : 0,
                                C::channels > 3 ? bits : 0, C::kind);
  }
}

inline hipChannelFormatDesc hipCreateChannelDescHalf() { return hipCreateChannelDesc<__half>(); }
inline hipChannelFormatDesc hipCreateChannelDescHalf1() { return hipCreateChannelDesc<__half>(); }
inline hipChannelFormatDesc hipCreateChannelDescHalf2() {
  return hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindFloat);
}
inline hipChannelFormatDesc hipCreateChannelDescHalf4() {
  return hipCreateChannelDesc(16, 16, 16, 16, hipChannelFormatKindFloat);
}
#endif  // __cplusplus

#endif  // HIP_INCLUDE_HIP_CHANNEL_DESCRIPTOR_H
