// Which of a kernel's SPIR-V modules a device runs (docs/HIP_ON_VULKAN.md, "Which module runs"),
// and the warp width a program's kernels see there: what hipDeviceProp_t::warpSize reports.
//
// A kernel whose code depends on the width has fixed forms (wave32, wave64: natively or as logical
// warps) and, where its source compiled so, a run-time-width form, which runs at the device's
// subgroup size. Host code sizes things by warpSize (rocPRIM's look-back scan state holds
// host_warp_size() + blocks entries that its kernels index from device_warp_size()), so host and
// kernels must agree: a program with kernels that exist only in fixed forms (their source needs the
// width at compile time) sees their width W everywhere, each width-dependent kernel taking its W form;
// other programs see the subgroup size, as code that asks warpSize at run time expects.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace hipvk {

class Device;
struct KernelInfo;
struct SpirvModule;

// How a width-dependent kernel can run on a device, from its launch-independent needs.
struct KernelWidths {
  uint32_t first = 0;          // the width of the first module it can run (0: none)
  bool runTimeForm = false;    // it has a run-time-width module (whether or not this device runs it)
};

class KernelForms {
 public:
  KernelForms(const Device &device, std::span<const SpirvModule> spirv) : device_(device), spirv_(spirv) {}

  // Whether the kernel has fixed-width forms (its code depends on the warp width).
  bool widthDependent(const KernelInfo &kernel) const;
  // The kernel's module the device runs for this launch: among the first it can run, one of
  // `width` where the kernel is width-dependent and has one (0: no preference). Throws
  // hipErrorNoBinaryForGpu naming what the last module lacks when it can run none.
  size_t choose(const KernelInfo &kernel, uint32_t launchConditions, uint32_t blockThreads, uint32_t dynamicShared,
                uint32_t width) const;
  KernelWidths widths(const KernelInfo &kernel) const;

 private:
  // Whether the module is one for a launch of these conditions (a variant for disjoint pointer
  // arguments is not where they may alias); one that is not says nothing about the device.
  static bool forLaunch(const SpirvModule &module, uint32_t launchConditions);
  // Why the device cannot run the module for a block of this size; empty when it can. `waves`
  // gathers the fixed sizes refused so far, for the message.
  std::string cannotRun(const KernelInfo &kernel, const SpirvModule &module, uint32_t blockThreads,
                        uint32_t dynamicShared, std::string &waves) const;
  // The warp width the module runs at: its fixed size, or the device's subgroup size.
  uint32_t width(const SpirvModule &module) const;

  const Device &device_;
  std::span<const SpirvModule> spirv_;
};

// The width the program sees on a device of `subgroupSize` lanes, from its width-dependent kernels:
// the most common first width among those without a run-time-width form, else the subgroup size. (A
// kernel whose run-time form reaches past the device's subgroups, CUDA's literal 16 on 8 lanes,
// still runs its fixed form where launched, without changing what the rest of the program sees.)
uint32_t programWarpSize(uint32_t subgroupSize, std::span<const KernelWidths> kernels);

}  // namespace hipvk
