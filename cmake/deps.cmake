# Third-party dependencies, each optional where the design allows it.
# nlohmann/json: header-only; SEGSCOPE_NLOHMANN_DIR lets machines without the Debian
# package (the GPU box) point at a copied include folder.
set(SEGSCOPE_NLOHMANN_DIR "" CACHE PATH "Folder that holds nlohmann/json.hpp (empty: system package)")
find_package(nlohmann_json 3.10 QUIET)
if(NOT nlohmann_json_FOUND)
  find_path(SEGSCOPE_NLOHMANN_INCLUDE nlohmann/json.hpp HINTS "${SEGSCOPE_NLOHMANN_DIR}" REQUIRED)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE "${SEGSCOPE_NLOHMANN_INCLUDE}")
endif()

set(SEGSCOPE_HAVE_QT_TEST OFF)
set(_segscope_qt_components Core Test)
if(SEGSCOPE_BUILD_UI)
  list(APPEND _segscope_qt_components Gui Widgets Svg)
  find_package(Qt6 REQUIRED COMPONENTS ${_segscope_qt_components})
  set(SEGSCOPE_HAVE_QT_TEST ON)
else()
  find_package(Qt6 QUIET COMPONENTS ${_segscope_qt_components})
  if(Qt6Test_FOUND)
    set(SEGSCOPE_HAVE_QT_TEST ON)
  endif()
endif()

if(SEGSCOPE_WITH_GRAPHVIZ)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(GRAPHVIZ REQUIRED IMPORTED_TARGET libgvc libcgraph)
endif()
