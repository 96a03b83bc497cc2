// Opening a shared library at run time and resolving its entry points by name: the CUDA driver,
// cuBLASLt and NVRTC are all optional, so none of them is linked.
#pragma once

#include <dlfcn.h>

#include <initializer_list>
#include <string>

namespace segscope::exec::cuda {

/// Sets `fn` to the symbol `name` of `lib`; when absent, appends the name to `missing`.
template <class Fn>
bool resolveSymbol(void* lib, const char* name, Fn& fn, std::string& missing) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  if (!fn) missing += (missing.empty() ? "" : ", ") + std::string(name);
  return fn != nullptr;
}

/// The first of `names` that opens, or null with every name tried and why in `tried`.
inline void* openFirstLibrary(std::initializer_list<std::string> names, std::string& tried) {
  for (const std::string& name : names) {
    if (void* lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) return lib;
    const char* why = dlerror();
    tried += (tried.empty() ? "" : "; ") + name + (why ? " (" + std::string(why) + ")" : std::string());
  }
  return nullptr;
}

}  // namespace segscope::exec::cuda
