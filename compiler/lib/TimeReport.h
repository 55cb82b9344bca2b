// Where the device compiler spends its time (`hipvk-spirv --time-report`, `hipcc -ftime-report`):
// wall time per stage, summed over the kernels and variants of one compilation, printed longest
// first. Stages nest (a variant's total holds its passes); threads may time stages concurrently.
#pragma once

#include <chrono>
#include <string>

namespace hipvk {

void enableTimeReport();
// The table of stages; empty when the report is not enabled.
std::string timeReport();

class TimedStage {
public:
  explicit TimedStage(std::string name);
  ~TimedStage();
  TimedStage(const TimedStage &) = delete;
  TimedStage &operator=(const TimedStage &) = delete;

private:
  std::string name_; // empty when the report is off: nothing is recorded
  std::chrono::steady_clock::time_point start_;
};

} // namespace hipvk
