// Asks the allocator for 2 MiB pages in the CLI and the GUI (see huge_pages.cpp).
#pragma once

namespace segscope::cli {

/// Makes the memory the executable touches from here on come in transparent huge pages, when the
/// executable uses mimalloc; does nothing otherwise.
void preferHugePages();

}  // namespace segscope::cli
