// Reading text files and writing output files atomically (temp file + rename): the one place
// Segscope touches the file system for scripts, traces, exports and reports.
#pragma once

#include <string>
#include <string_view>

#include "support/result.h"

namespace segscope::support {

Result<std::string> readTextFile(const std::string& path);

/// Writes `contents` to a temporary file beside `path`, then renames it over `path`,
/// so a reader never sees a half-written file and a failure leaves the old one intact.
Status writeFileAtomically(const std::string& path, std::string_view contents);

}  // namespace segscope::support
