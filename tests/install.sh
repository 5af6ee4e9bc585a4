#!/usr/bin/env bash
# The installed tree: `cmake --install` into a temporary prefix (then moved
# elsewhere: the package files must not remember where they were put), a
# tiny C program built against it with pkg-config only and again with a
# CMake project using find_package(storybox), both run on a sample page and
# compared with the installed `storybox extract --format text`; the installed
# Python module imported from the moved tree.  Also: the
# soname, the exported symbols (only sb_*), and the version in one place.
# Usage: tests/install.sh BUILD/storybox (the build tree is its folder).
set -euo pipefail
tool=$(realpath "$1")
build=$(dirname "$tool")
src=$(pwd)
page="$src/samples/news/one_column.html"
want_title="Library extends opening hours after record winter visits"

fail() { echo "install: FAIL: $*" >&2; exit 1; }
if grep -q '^STORYBOX_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
    echo "install: skipped under the sanitizers (a program built with pkg-config alone" \
         "cannot link an ASan-instrumented library)" >&2
    exit 77
fi
for t in pkg-config cc cmake nm objdump; do
    command -v "$t" >/dev/null || { echo "install: skipped: $t not found" >&2; exit 77; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/staged" >"$tmp/install.log" || {
    cat "$tmp/install.log" >&2; fail "cmake --install"; }
mv "$tmp/staged" "$tmp/prefix"
prefix="$tmp/prefix"

# What is installed.
version=$("$tool" --version | sed 's/^storybox //')
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "storybox --version: '$version'"
major=${version%%.*}
for f in include/storybox.h include/storybox_version.h bin/storybox; do
    [ -f "$prefix/$f" ] || fail "$f not installed"
done
grep -q "^#define STORYBOX_VERSION \"$version\"$" "$prefix/include/storybox_version.h" ||
    fail "installed storybox_version.h does not say $version"
[ "$("$prefix/bin/storybox" --version)" = "storybox $version" ] || fail "installed tool's --version"
pc=$(find "$prefix" -name storybox.pc)
[ -n "$pc" ] || fail "storybox.pc not installed"
libdir=$(dirname "$(dirname "$pc")")
real="$libdir/libstorybox.so.$version"
[ -f "$real" ] || fail "libstorybox.so.$version not in $libdir"
[ "$(readlink "$libdir/libstorybox.so.$major")" = "libstorybox.so.$version" ] ||
    fail "libstorybox.so.$major does not point to libstorybox.so.$version"
[ "$(readlink "$libdir/libstorybox.so")" = "libstorybox.so.$major" ] ||
    fail "libstorybox.so does not point to libstorybox.so.$major"
soname=$(objdump -p "$real" | awk '$1 == "SONAME" {print $2}')
[ "$soname" = "libstorybox.so.$major" ] || fail "soname '$soname', want libstorybox.so.$major"
others=$(nm -D --defined-only "$real" | awk '{print $3}' | grep -v '^sb_' || true)
[ -z "$others" ] || fail "exported besides sb_*: $(echo $others | head -c 300)"
exported=$(nm -D --defined-only "$real" | awk '{print $3}' | sort | tr '\n' ' ')
want="sb_extract sb_image_free sb_method_at sb_method_count sb_method_find sb_options_init "
want+="sb_story_clear sb_story_free sb_story_images_clear sb_story_to_html sb_story_to_json "
want+="sb_story_to_markdown sb_version "
[ "$exported" = "$want" ] || fail "exported symbols: '$exported', want '$want'"

# The program: prints the version, then the title and text exactly as
# `storybox extract --format text` does.
cat >"$tmp/app.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <storybox.h>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return 2;
    static char page[1 << 20];
    size_t len = fread(page, 1, sizeof page, f);
    fclose(f);
    if (strcmp(sb_version(), STORYBOX_VERSION) != 0)
        return 3;
    sb_options opt;
    sb_options_init(&opt);
    sb_story *s = sb_extract(page, len, &opt);
    if (s->error)
        return 4;
    printf("%s\n%s\n\n%s\n", sb_version(), s->title ? s->title : "", s->text);
    sb_story_free(s);
    return 0;
}
EOF
{ echo "$version"; "$prefix/bin/storybox" extract --format text "$page"; } >"$tmp/want.txt"
[ "$(sed -n 2p "$tmp/want.txt")" = "$want_title" ] || fail "installed tool's title: $(sed -n 2p "$tmp/want.txt")"

# 1. pkg-config only.
export PKG_CONFIG_PATH="$(dirname "$pc")"
[ "$(pkg-config --modversion storybox)" = "$version" ] || fail "pkg-config --modversion"
flags=$(pkg-config --cflags --libs storybox)
cc -std=c11 -Wall -Wextra -Werror "$tmp/app.c" $flags -o "$tmp/app_pc" ||
    fail "cc app.c $flags"
LD_LIBRARY_PATH="$(pkg-config --variable=libdir storybox)" "$tmp/app_pc" "$page" >"$tmp/got_pc.txt" ||
    fail "the pkg-config program exited with $?"
cmp -s "$tmp/want.txt" "$tmp/got_pc.txt" || {
    diff "$tmp/want.txt" "$tmp/got_pc.txt" | head -20 >&2; fail "pkg-config program's output"; }

# 2. The CMake package: find_package with a compatible version, the
# imported target storybox::storybox; an incompatible version is not found.
mkdir "$tmp/cmake_app"
cp "$tmp/app.c" "$tmp/cmake_app/app.c"
cat >"$tmp/cmake_app/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.24)
project(app C)
find_package(storybox 99 QUIET)
if(storybox_FOUND)
  message(FATAL_ERROR "storybox 99 found: the version file accepts anything")
endif()
find_package(storybox ${version%.*} REQUIRED)
add_executable(app app.c)
target_link_libraries(app PRIVATE storybox::storybox)
EOF
cmake -S "$tmp/cmake_app" -B "$tmp/cmake_app/build" -DCMAKE_PREFIX_PATH="$prefix" \
    >"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log" >&2; fail "find_package(storybox)"; }
cmake --build "$tmp/cmake_app/build" >>"$tmp/cmake.log" 2>&1 || {
    cat "$tmp/cmake.log" >&2; fail "building against storybox::storybox"; }
"$tmp/cmake_app/build/app" "$page" >"$tmp/got_cmake.txt" || fail "the CMake program exited with $?"
cmp -s "$tmp/want.txt" "$tmp/got_cmake.txt" || {
    diff "$tmp/want.txt" "$tmp/got_cmake.txt" | head -20 >&2; fail "CMake program's output"; }

# 3. The Python module, when the build made one: imported from the moved
# tree, it finds the installed libstorybox by its relative RPATH.
if [ -d "$build/python" ]; then
    module=$(find "$prefix" -name 'storybox.cpython-*.so')
    [ -n "$module" ] || fail "the Python module is built but not installed"
    got=$(cd "$tmp" && PYTHONPATH="$(dirname "$module")" python3 -c '
import storybox, sys
r = storybox.extract(open(sys.argv[1], "rb").read())
print(storybox.__version__, storybox.__file__.startswith(sys.argv[2]), r["title"])' "$page" "$prefix") ||
        fail "importing the installed Python module"
    [ "$got" = "$version True $want_title" ] || fail "installed Python module: '$got'"
fi

echo "install: ok (storybox $version, pkg-config, find_package, Python module)"
