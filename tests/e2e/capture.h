// Captures what the process writes to stdout and stderr (file descriptors 1 and 2, so C stdio and
// the HIP runtime's device printf output alike) between construction and finish().
#pragma once

#include <unistd.h>

#include <cstdio>
#include <string>

class CapturedOutput {
 public:
  CapturedOutput() {
    std::fflush(stdout);
    std::fflush(stderr);
    for (int i = 0; i < 2; ++i) {
      files_[i] = std::tmpfile();
      saved_[i] = dup(kFds[i]);
      dup2(fileno(files_[i]), kFds[i]);
    }
  }
  CapturedOutput(const CapturedOutput &) = delete;
  CapturedOutput &operator=(const CapturedOutput &) = delete;
  ~CapturedOutput() { finish(); }

  // Restores stdout and stderr; the captured text is in out() and err() from then on.
  void finish() {
    if (finished_) return;
    finished_ = true;
    std::fflush(stdout);
    std::fflush(stderr);
    for (int i = 0; i < 2; ++i) {
      dup2(saved_[i], kFds[i]);
      close(saved_[i]);
      std::rewind(files_[i]);
      char buffer[65536];
      for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, files_[i])) > 0;) text_[i].append(buffer, n);
      std::fclose(files_[i]);
    }
    // The runtime's reason for refusing a kernel on this device ("hipvk: kernel ... needs X, which
    // device N (...) lacks") still reaches the real stderr: it is what a skip reports
    // (skip_on_missing_feature.sh).
    for (size_t at = 0; (at = text_[1].find("hipvk: ", at)) != std::string::npos;) {
      size_t end = text_[1].find('\n', at);
      std::string line = text_[1].substr(at, end == std::string::npos ? std::string::npos : end - at);
      if (line.find(" lacks") != std::string::npos) std::fprintf(stderr, "%s\n", line.c_str());
      at += line.size();
    }
  }
  const std::string &out() const { return text_[0]; }
  const std::string &err() const { return text_[1]; }

 private:
  static constexpr int kFds[2] = {1, 2};
  std::FILE *files_[2] = {};
  int saved_[2] = {};
  std::string text_[2];
  bool finished_ = false;
};
