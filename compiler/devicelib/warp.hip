// AMD's ds_permute (a scatter: each lane sends its value to lane byte_address/4) on any warp size.
// SPIR-V has only gathers, so every lane reads each source lane's destination and value in turn:
// warpSize shuffles. As on AMD, a lane nobody writes gets 0, inactive lanes write nothing, and of
// several writers the highest lane wins. The compiler routes llvm.amdgcn.ds.permute here.
extern "C" __device__ int __hipvk_ds_permute(int byte_address, int value) {
  const int size = warpSize;
  const unsigned long long active = __activemask();
  const int destination = (byte_address >> 2) & (size - 1);
  const int self = static_cast<int>(__lane_id());
  int result = 0;
  for (int source = 0; source < size; ++source) {
    const int to = __shfl(destination, source);
    const int sent = __shfl(value, source);
    if (((active >> source) & 1) && to == self) result = sent;
  }
  return result;
}
