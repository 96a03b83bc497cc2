# A faster malloc for the executables: the segmenter makes millions of small, short-lived
# allocations (views, verdicts, sets per merge attempt), and glibc's malloc was a fifth of its
# time. mimalloc (Debian: libmimalloc-dev) replaces malloc/free when linked in; it is optional
# (the GPU box has no package registry) and left out of sanitizer builds, whose runtimes must
# own malloc themselves.
option(SEGSCOPE_WITH_MIMALLOC "Link the executables against mimalloc when it is found" ON)

set(SEGSCOPE_FAST_MALLOC "")
if(SEGSCOPE_WITH_MIMALLOC)
  if("${CMAKE_CXX_FLAGS} ${CMAKE_EXE_LINKER_FLAGS}" MATCHES "-fsanitize=")
    message(STATUS "Segscope: sanitizer build, keeping the C library's malloc")
  else()
    find_library(SEGSCOPE_MIMALLOC_LIBRARY NAMES mimalloc)
    find_path(SEGSCOPE_MIMALLOC_INCLUDE_DIR NAMES mimalloc.h)
    if(SEGSCOPE_MIMALLOC_LIBRARY)
      set(SEGSCOPE_FAST_MALLOC "${SEGSCOPE_MIMALLOC_LIBRARY}")
      message(STATUS "Segscope: executables use mimalloc (${SEGSCOPE_MIMALLOC_LIBRARY})")
    else()
      message(STATUS "Segscope: mimalloc not found, executables use the C library's malloc")
    endif()
  endif()
endif()

# Links `target` (an executable) against the fast malloc, when there is one.
function(segscope_use_fast_malloc target)
  if(SEGSCOPE_FAST_MALLOC)
    target_link_libraries(${target} PRIVATE "${SEGSCOPE_FAST_MALLOC}")
    if(SEGSCOPE_MIMALLOC_INCLUDE_DIR)  # its options (cli/huge_pages.cpp) need the header
      target_include_directories(${target} SYSTEM PRIVATE "${SEGSCOPE_MIMALLOC_INCLUDE_DIR}")
      target_compile_definitions(${target} PRIVATE SEGSCOPE_USES_MIMALLOC=1)
    endif()
  endif()
endfunction()
