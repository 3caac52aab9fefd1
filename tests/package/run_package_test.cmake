# Driver of the packaging tests, run as `cmake -P` by ctest (see tests/CMakeLists.txt).
#
#   VARIANT=install       install the xfen build tree into a fresh prefix, then configure, build
#                         and run tests/package (find_package(xfen) + xfen::xfen) against it
#   VARIANT=subdirectory  configure, build and run tests/package/subdirectory, which embeds the
#                         xfen source tree with add_subdirectory
#   VARIANT=shared        build xfen alone as a shared library, install it into a fresh prefix, check
#                         its SONAME and that it exports the API and hides the internals, then
#                         build and run tests/package against it
#
# Inputs: VARIANT, XFEN_SOURCE_DIR, XFEN_BINARY_DIR, WORK_DIR, GENERATOR, BUILD_TYPE,
# CXX_COMPILER, CXX_FLAGS, EXE_LINKER_FLAGS (the same compiler and flags as the build under test,
# so that sanitizer builds link).
cmake_minimum_required(VERSION 3.25)

foreach(input IN ITEMS VARIANT XFEN_SOURCE_DIR XFEN_BINARY_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${input} OR "${${input}}" STREQUAL "")
    message(FATAL_ERROR "run_package_test.cmake: ${input} is not set")
  endif()
endforeach()

function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR
            "${step} failed (${result}):\n${ARGN}\n--- stdout\n${out}\n--- stderr\n${err}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
set(consumer_build "${WORK_DIR}/consumer")

set(config_args)
if(NOT "${BUILD_TYPE}" STREQUAL "")
  set(config_args --config "${BUILD_TYPE}")
endif()

set(configure_args
  -G "${GENERATOR}"
  "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
  "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
  "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}"
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
  -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)

if(VARIANT STREQUAL "shared")
  set(shared_build "${WORK_DIR}/xfen-shared")
  run("configure shared xfen" "${CMAKE_COMMAND}" -S "${XFEN_SOURCE_DIR}" -B "${shared_build}"
      ${configure_args} -DBUILD_SHARED_LIBS=ON -DXFEN_BUILD_TESTS=OFF -DXFEN_BUILD_CLI=OFF
      -DXFEN_BUILD_BENCH=OFF -DXFEN_INSTALL=ON -DCMAKE_INSTALL_LIBDIR=lib)
  run("build shared xfen" "${CMAKE_COMMAND}" --build "${shared_build}" ${config_args})
  run("install shared xfen" "${CMAKE_COMMAND}" --install "${shared_build}" --prefix "${prefix}"
      ${config_args})
  if(NOT EXISTS "${prefix}/lib/libxfen.so.0.1" OR NOT EXISTS "${prefix}/lib/libxfen.so.0.1.0")
    message(FATAL_ERROR "the shared library is not libxfen.so.0.1.0 with the SONAME link libxfen.so.0.1")
  endif()
  execute_process(COMMAND nm -D -C --defined-only "${prefix}/lib/libxfen.so.0.1.0"
                  RESULT_VARIABLE result OUTPUT_VARIABLE symbols)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "nm could not list the shared library's symbols")
  endif()
  foreach(api IN ITEMS "xfen::parse(" "xfen::write(" "xfen::message" "xfen::check_legality("
                      "xfen::validate(" "xfen::version(" "xfen::PositionBuilder::build(")
    string(FIND "${symbols}" "${api}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the shared library does not export ${api}")
    endif()
  endforeach()
  foreach(internal IN ITEMS "en_passant_problem" "RecordReader")
    string(FIND "${symbols}" "${internal}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "the shared library exports the internal ${internal}")
    endif()
  endforeach()
  set(VARIANT "install")
  set(installed_prefix_checked TRUE)
endif()

if(VARIANT STREQUAL "install")
  if(NOT installed_prefix_checked)
    run("install" "${CMAKE_COMMAND}" --install "${XFEN_BINARY_DIR}" --prefix "${prefix}"
        ${config_args})
  endif()
  foreach(installed IN ITEMS include/xfen/xfen.hpp include/xfen/parse.hpp include/xfen/export.hpp)
    if(NOT EXISTS "${prefix}/${installed}")
      message(FATAL_ERROR "install did not produce ${installed}")
    endif()
  endforeach()
  # --- xfen suite (issue 9) ---
  # The command finds the suite installed beside it (share/xfen/conformance, relative to the
  # executable), not the source tree's: a group added to the installed copy is listed. The
  # shared variant builds the library alone, without the command.
  if(NOT installed_prefix_checked)
    set(installed_suite "${prefix}/share/xfen/conformance")
    if(NOT EXISTS "${installed_suite}/board.jsonl" OR NOT EXISTS "${installed_suite}/README.md")
      message(FATAL_ERROR "install did not put the conformance suite in ${installed_suite}")
    endif()
    file(WRITE "${installed_suite}/zz-installed.jsonl"
         "{\"id\": \"zz-installed.a\", \"input\": \"x\", \"output\": \"x\"}\n")
    execute_process(COMMAND "${prefix}/bin/xfen" suite list --id "zz-installed.*"
                    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
    if(NOT result EQUAL 0 OR NOT output MATCHES "^zz-installed\\.a valid - 'x'\n1 case of [0-9]+\n$")
      message(FATAL_ERROR "the installed xfen does not read the installed suite (${result}):\n"
                          "${output}--- stderr\n${errors}")
    endif()
  endif()
  # --- end xfen suite ---
  # A build system other than CMake: the client compiled and linked with what xfen.pc says.
  file(GLOB_RECURSE pc_files "${prefix}/*/pkgconfig/xfen.pc")
  find_program(pkg_config NAMES pkg-config pkgconf REQUIRED)
  if(NOT pc_files)
    message(FATAL_ERROR "install did not produce lib/pkgconfig/xfen.pc under ${prefix}")
  endif()
  get_filename_component(pc_dir "${pc_files}" DIRECTORY)
  set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
  execute_process(COMMAND "${pkg_config}" --cflags --libs xfen RESULT_VARIABLE result
                  OUTPUT_VARIABLE pc_flags ERROR_VARIABLE errors OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND "${pkg_config}" --modversion xfen OUTPUT_VARIABLE pc_version
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0 OR NOT pc_version STREQUAL "0.1.0")
    message(FATAL_ERROR "pkg-config cannot use ${pc_files} (${result}, version '${pc_version}'):"
                        "\n${errors}")
  endif()
  separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
  separate_arguments(extra_flags UNIX_COMMAND "${CXX_FLAGS} ${EXE_LINKER_FLAGS}")
  set(pc_consumer "${WORK_DIR}/consumer-pkg-config")
  run("build the client with pkg-config" "${CXX_COMPILER}" -std=c++20 ${extra_flags}
      "${XFEN_SOURCE_DIR}/tests/package/main.cpp" ${pc_flags} "-Wl,-rpath,${prefix}/lib"
      -o "${pc_consumer}")
  execute_process(COMMAND "${pc_consumer}" "8/8/8/8/8/8/8/8 w - - 0 1" RESULT_VARIABLE result
                  OUTPUT_VARIABLE output)
  if(NOT result EQUAL 0 OR NOT output STREQUAL "8/8/8/8/8/8/8/8 w - - 0 1 | 8/8/8/8/8/8/8/8 w - - 0 1\n")
    message(FATAL_ERROR "the client built with pkg-config exited ${result}:\n${output}")
  endif()
  file(GLOB_RECURSE config_files "${prefix}/*/xfenConfig.cmake")
  file(GLOB_RECURSE version_files "${prefix}/*/xfenConfigVersion.cmake")
  file(GLOB_RECURSE target_files "${prefix}/*/xfenTargets.cmake")
  if(NOT config_files OR NOT version_files OR NOT target_files)
    message(FATAL_ERROR "install did not produce xfenConfig.cmake, xfenConfigVersion.cmake and "
                        "xfenTargets.cmake under ${prefix}")
  endif()
  run("configure consumer" "${CMAKE_COMMAND}" -S "${XFEN_SOURCE_DIR}/tests/package"
      -B "${consumer_build}" ${configure_args} "-DCMAKE_PREFIX_PATH=${prefix}")
  # The package must come from the prefix, not from the build tree or the system.
  file(STRINGS "${consumer_build}/CMakeCache.txt" xfen_dir_line REGEX "^xfen_DIR:")
  string(REGEX REPLACE "^xfen_DIR:[A-Z]+=" "" xfen_dir "${xfen_dir_line}")
  file(REAL_PATH "${prefix}" real_prefix)
  file(REAL_PATH "${xfen_dir}" real_xfen_dir)
  string(FIND "${real_xfen_dir}" "${real_prefix}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "xfen was found at ${xfen_dir}, not under ${prefix}")
  endif()
elseif(VARIANT STREQUAL "subdirectory")
  run("configure consumer" "${CMAKE_COMMAND}" -S "${XFEN_SOURCE_DIR}/tests/package/subdirectory"
      -B "${consumer_build}" ${configure_args} "-DXFEN_SOURCE_DIR=${XFEN_SOURCE_DIR}")
else()
  message(FATAL_ERROR "unknown VARIANT '${VARIANT}'")
endif()

run("build consumer" "${CMAKE_COMMAND}" --build "${consumer_build}" ${config_args})

find_program(consumer NAMES consumer PATHS "${consumer_build}" "${consumer_build}/${BUILD_TYPE}"
             NO_DEFAULT_PATH NO_CACHE)
if(NOT consumer)
  message(FATAL_ERROR "no consumer executable in ${consumer_build}")
endif()

# Non-canonical input (inner spelling, en passant without capturer) and an error.
execute_process(
  COMMAND "${consumer}"
    "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b JAja e3 0 1"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
set(capablanca "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b")
set(standard "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
string(CONCAT expected
  "${capablanca} KQkq - 0 1 | ${capablanca} JAja - 0 1\n"
  "${standard} KQkq - 0 1 | ${standard} HAha - 0 1\n"
  "error record.missing-field 52\n")
if(NOT result EQUAL 1 OR NOT output STREQUAL expected OR NOT errors STREQUAL "")
  message(FATAL_ERROR "consumer (${VARIANT}) exited ${result}\n--- expected\n${expected}"
                      "--- got\n${output}--- stderr\n${errors}")
endif()
message(STATUS "package test (${VARIANT}) passed:\n${output}")
