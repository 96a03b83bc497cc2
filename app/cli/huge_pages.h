// Asks the allocator for 2 MiB pages in the CLI (see huge_pages.cpp).
#pragma once

namespace segscope::cli {

/// Makes the memory the CLI touches from here on come in transparent huge pages, when the
/// executable uses mimalloc; does nothing otherwise.
void preferHugePages();

}  // namespace segscope::cli
