#!/bin/bash -eu
# OSS-Fuzz's build script for xfen (projects/xfen/build.sh in github.com/google/oss-fuzz): the
# repository's own, which ClusterFuzzLite runs too, so that the targets, seeds, options and
# dictionaries are defined once, in the repository.
exec "$SRC/xfen/.clusterfuzzlite/build.sh" "$@"
