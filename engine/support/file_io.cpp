// File helpers shared by the CLI and the GUI.
#include "support/file_io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

namespace segscope::support {

Result<std::string> readTextFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return makeError(path + ": is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) return makeError(path + ": cannot open file: " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

namespace {

// Writes all of `contents` to `fd`, retrying short writes and EINTR; false with errno set.
bool writeAll(int fd, std::string_view contents) {
  const char* p = contents.data();
  std::size_t left = contents.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = ENOSPC;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

// POSIX calls rather than ofstream: a full disk or a file-size limit must surface with its
// errno at the write, fsync or close that hit it, and the target must keep its old contents.
Status writeFileAtomically(const std::string& path, std::string_view contents) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::error_code ec;
  if (fs::is_directory(target, ec)) return makeError("cannot write " + path + ": is a directory");
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const fs::path tmp = dir / ("." + target.filename().string() + ".tmp" + std::to_string(::getpid()));
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return makeError("cannot write " + path + ": " + std::strerror(errno));
  const auto fail = [&](int error) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    return makeError("cannot write " + path + ": " + std::strerror(error));
  };
  if (!writeAll(fd, contents) || ::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    return fail(error);
  }
  if (::close(fd) != 0) return fail(errno);
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    return makeError("cannot write " + path + ": " + ec.message());
  }
  return {};
}

}  // namespace segscope::support
