// segscope-cli survey: many fusions, one row each, checked against expectations or a baseline.
#pragma once

#include "cli/arguments.h"

namespace segscope::cli {

int survey(const Arguments& args);

}  // namespace segscope::cli
