# The plug-in targets: a C++ X-FEN implementation linked in through xfen_plugin.hpp, with xfen as
# the oracle: the `plugin` fuzz target (fuzz/plugin.cpp) and, in test builds, the
# `plugin_property` test (properties/plugin_property.cpp). Included by fuzz/CMakeLists.txt.
#
# The implementation is the static library xfen_plugin, built from (relative paths are relative
# to the xfen source tree):
#   XFEN_PLUGIN_SOURCES       its .cpp files, the adapter defining make_implementation() among them
#   XFEN_PLUGIN_INCLUDE_DIRS  the folders its sources include from
#   XFEN_PLUGIN_LIBRARIES     libraries or targets it links with
# With the build's flags (the fuzz preset's coverage and sanitizers: its branches guide the
# search), but with xfen's warning flags only when its sources are xfen's own (fuzz/): the user's
# code need not be warning-free under our set to be tested.
#
# xfen_plugin_planted is the default plug-in with one planted bug (planted_bug_plugin.cpp), the
# implementation of fuzz_plugin_planted: a fixture showing what fuzzing finds (tests/oracle_fuzz_test.py).
# xfen_plugin_ep_legal (ep_legal_bug_plugin.cpp, fuzz_plugin_ep_legal) declares the ep-legal
# spelling and breaks it with Black to move: a fixture showing that a declaration is held to.
set(xfen_default_plugin_sources fuzz/plugin/simple_model_plugin.cpp fuzz/simple_model.cpp)
set(XFEN_PLUGIN_SOURCES "${xfen_default_plugin_sources}" CACHE STRING
    "plugin fuzz target and property: the implementation's sources, its adapter to fuzz/plugin/xfen_plugin.hpp among them")
set(XFEN_PLUGIN_INCLUDE_DIRS "" CACHE STRING "plugin fuzz target and property: the implementation's include folders")
set(XFEN_PLUGIN_LIBRARIES "" CACHE STRING "plugin fuzz target and property: libraries the implementation links with")

function(xfen_add_plugin_library library)
  cmake_parse_arguments(ARG "" "" "SOURCES;INCLUDE_DIRS;LIBRARIES" ${ARGN})
  set(sources "")
  set(ours TRUE)
  foreach(source IN LISTS ARG_SOURCES)
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${PROJECT_SOURCE_DIR} NORMALIZE)
    cmake_path(IS_PREFIX CMAKE_CURRENT_SOURCE_DIR "${source}" NORMALIZE in_fuzz)
    if(NOT in_fuzz)
      set(ours FALSE)
    endif()
    list(APPEND sources "${source}")
  endforeach()
  set(include_dirs "")
  foreach(folder IN LISTS ARG_INCLUDE_DIRS)
    cmake_path(ABSOLUTE_PATH folder BASE_DIRECTORY ${PROJECT_SOURCE_DIR} NORMALIZE)
    list(APPEND include_dirs "${folder}")
  endforeach()
  add_library(${library} STATIC ${sources})
  target_include_directories(${library} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/plugin PRIVATE ${include_dirs})
  target_link_libraries(${library} PRIVATE ${ARG_LIBRARIES})
  if(ours)
    target_link_libraries(${library} PRIVATE xfen_warnings)
  endif()
endfunction()

xfen_add_plugin_library(xfen_plugin SOURCES ${XFEN_PLUGIN_SOURCES} INCLUDE_DIRS ${XFEN_PLUGIN_INCLUDE_DIRS}
                        LIBRARIES ${XFEN_PLUGIN_LIBRARIES})
xfen_add_plugin_library(xfen_plugin_planted SOURCES fuzz/plugin/planted_bug_plugin.cpp fuzz/simple_model.cpp)
xfen_add_plugin_library(xfen_plugin_ep_legal SOURCES fuzz/plugin/ep_legal_bug_plugin.cpp LIBRARIES xfen::xfen)

# Listed: with the default plug-in it fuzzes the simple model, which must agree with xfen; its
# replay test replays the record seeds through whichever plug-in the build links.
xfen_add_fuzz_target(plugin MUTATOR LIBRARIES xfen_fuzz_oracle xfen_plugin SEEDS ${xfen_record_seeds})
xfen_add_fuzz_target(plugin_planted MAIN plugin.cpp MUTATOR UNLISTED NO_REPLAY
                     LIBRARIES xfen_fuzz_oracle xfen_plugin_planted)
xfen_add_fuzz_target(plugin_ep_legal MAIN plugin.cpp MUTATOR UNLISTED NO_REPLAY
                     LIBRARIES xfen_fuzz_oracle xfen_plugin_ep_legal)
if(TEST fuzz_replay_plugin)
  set_tests_properties(fuzz_replay_plugin PROPERTIES LABELS fuzz)
endif()

# Each plug-in as a program speaking certify's streaming protocol (plugin_adapter.cpp): certified
# against the suite like any program (xfen certify --impl …/xfen_plugin_adapter), and what turns
# a finding of the plug-in targets into a conformance case (scripts/xfen-fuzz minimize --save-cases).
foreach(library xfen_plugin xfen_plugin_planted xfen_plugin_ep_legal)
  add_executable(${library}_adapter plugin_adapter.cpp)
  target_link_libraries(${library}_adapter PRIVATE ${library} xfen_certify_run xfen_warnings)
endforeach()
