#!/bin/bash -eu
# Your project's .clusterfuzzlite/build.sh: xfen's targets, your implementation inside them. Keep
# the block of your kind and fill it in. xfen's own build.sh does the rest: the builder's compiler,
# flags and sanitizer, the record seeds (the suite's records) beside each target, its options.
xfen_build="$SRC/xfen/.clusterfuzzlite/build.sh"

# A program of any language: built or copied into $OUT, where the runner finds it. The target
# starts it with /bin/sh -c, XFEN_FUZZ_TARGET_DIR set to the folder of the target ($OUT then).
mkdir -p "$OUT/your-program"
cp -R FILL_IN_YOUR_PROGRAM_FILES "$OUT/your-program/"
XFEN_FUZZ_ONLY=external "$xfen_build" \
  '-DXFEN_FUZZ_EXTERNAL_IMPL=python3 "$XFEN_FUZZ_TARGET_DIR/your-program/adapter.py"' \
  -DXFEN_FUZZ_EXTERNAL_SUPPORTS=8x8,chess960

# C++ in process: your adapter to fuzz/plugin/xfen_plugin.hpp and your reader, compiled with the
# builder's flags (coverage, sanitizer) into xfen's `plugin` target.
# XFEN_FUZZ_ONLY=plugin "$xfen_build" \
#   "-DXFEN_PLUGIN_SOURCES=$SRC/your-project/FILL_IN_adapter.cpp;$SRC/your-project/FILL_IN_reader.cpp" \
#   "-DXFEN_PLUGIN_INCLUDE_DIRS=$SRC/your-project/include"
