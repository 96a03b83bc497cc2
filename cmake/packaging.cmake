# Debian packages from a build folder (`cpack -G DEB`, see the README): segscope-cli, which needs
# no Qt (it runs on a GPU box), and segscope, the window. Depends are worked out by
# dpkg-shlibdeps from the libraries the executables link, so they name Debian's own packages.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME segscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "Segscope")
set(CPACK_PACKAGE_CONTACT "Segscope developers <segscope-dev@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "debugger for fusion segmentation in ML compilers (nvFuser)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)  # the build keeps its debug info; the packages do not
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_COMPONENTS_ALL cli)
set(CPACK_DEBIAN_CLI_PACKAGE_NAME segscope-cli)
set(CPACK_COMPONENT_CLI_DESCRIPTION
    "command-line fusion segmentation debugger for nvFuser\n segscope-cli segments an nvFuser fusion script as nvFuser would, explains each\n merge decision, compares with nvFuser's own logs and runs the segments (CPU\n reference, or CUDA where a GPU is present). It needs no Qt.")
if(TARGET segscope)
  list(APPEND CPACK_COMPONENTS_ALL gui)
  set(CPACK_DEBIAN_GUI_PACKAGE_NAME segscope)
  set(CPACK_DEBIAN_GUI_PACKAGE_SECTION devel)
  set(CPACK_COMPONENT_GUI_DESCRIPTION
      "desktop debugger for fusion segmentation in ML compilers\n Segscope steps through nvFuser's pre-segmentation passes and merge decisions on a\n live graph, says why each merge was accepted or refused, diffs passes, exports\n SVG and lines the result up with nvFuser's own log.")
endif()
include(CPack)
