// HIP version implemented by hipvk: the HIP 6.2 runtime API (ROCm 6 numbering and struct layouts).
#pragma once

#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH "hipvk"
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME "hipvk"
// Same encoding as ROCm: major * 10^7 + minor * 10^5 + patch.
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
