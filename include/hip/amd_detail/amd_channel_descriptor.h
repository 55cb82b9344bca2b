// ROCm's detail path for the channel descriptors: the public header is include/hip/channel_descriptor.h.
#pragma once
#include <hip/channel_descriptor.h>
