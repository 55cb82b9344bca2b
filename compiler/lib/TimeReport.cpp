#include "TimeReport.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <vector>

namespace hipvk {

namespace {

struct Totals {
  std::atomic<bool> enabled{false};
  std::mutex mutex;
  std::map<std::string, std::pair<double, unsigned>> seconds; // stage -> (seconds, times run)
};

Totals &totals() {
  static Totals t;
  return t;
}

} // namespace

void enableTimeReport() { totals().enabled = true; }

TimedStage::TimedStage(std::string name) {
  if (!totals().enabled) return;
  name_ = std::move(name);
  start_ = std::chrono::steady_clock::now();
}

TimedStage::~TimedStage() {
  if (name_.empty()) return;
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::lock_guard lock(totals().mutex);
  auto &[sum, count] = totals().seconds[name_];
  sum += s;
  ++count;
}

std::string timeReport() {
  Totals &t = totals();
  if (!t.enabled) return {};
  std::lock_guard lock(t.mutex);
  std::vector<std::pair<std::string, std::pair<double, unsigned>>> rows(t.seconds.begin(), t.seconds.end());
  std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.second.first > b.second.first; });
  std::string text = "hipvk-spirv time report (wall seconds, summed over kernels and variants):\n";
  char line[256];
  for (const auto &[name, value] : rows) {
    std::snprintf(line, sizeof line, "%10.3f s %6u x  %s\n", value.first, value.second, name.c_str());
    text += line;
  }
  return text;
}

} // namespace hipvk
