# Warning flags applied per target (never globally), so third-party code stays quiet.
function(segscope_enable_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4)
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wnon-virtual-dtor -Wimplicit-fallthrough)
    # GCC can limit shadowing warnings to locals; clang (fuzz builds) has no such variant.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      target_compile_options(${target} PRIVATE -Wshadow=local)
    endif()
  endif()
endfunction()
