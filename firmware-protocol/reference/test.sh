#!/usr/bin/env bash
# Builds and tests the C reference core (firmware-protocol/reference/README.md): on the host,
# then on Cortex-M4F and Cortex-M0+ under QEMU (arm.sh).
#   bash firmware-protocol/reference/test.sh        everything; last line "N passed, M failed"
#   bash firmware-protocol/reference/test.sh host   only build build/mia_host and
#                                                   build/mia_x25519_host (for the Vitest files)
# Needs: cc (C99), node (to turn the JSON vectors into a C table), valgrind (the X25519
# constant-time check), and for arm.sh the Debian packages gcc-arm-none-eabi
# libnewlib-arm-none-eabi qemu-system-arm. Output in build/.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$here/build"
vectors="$here/../vectors"
CC="${CC:-cc}"
mkdir -p "$build"

warn=(-std=c99 -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes
  -Wmissing-prototypes -Wcast-qual -Wpointer-arith -Wundef)
# The core must also be clean for MCU compilers that warn about every implicit conversion.
core_warn=("${warn[@]}" -Wconversion -Wsign-conversion)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1)
core=("$here"/src/mia_*.c)

# Built beside and renamed into place: two test files may build it at once while one of them
# already runs it (a half-written binary cannot be run).
build_host() {
  "$CC" "${warn[@]}" "${san[@]}" -o "$build/mia_host.$$" \
    "${core[@]}" "$here/tools/trace_io.c" "$here/tools/mia_session.c" \
    "$here/tools/trace_compare.c" "$here/tools/mia_host.c"
  mv -f "$build/mia_host.$$" "$build/mia_host"
  "$CC" "${warn[@]}" "${san[@]}" -o "$build/mia_x25519_host.$$" \
    "$here/src/mia_x25519.c" "$here/src/mia_sha256.c" "$here/tools/mia_x25519_host.c"
  mv -f "$build/mia_x25519_host.$$" "$build/mia_x25519_host"
}

if [[ "${1:-}" == "host" ]]; then
  build_host
  exit 0
fi

echo "[c] core: freestanding -O2 compile with ${core_warn[*]}"
rm -rf "$build/freestanding"
mkdir -p "$build/freestanding"
for src in "${core[@]}"; do
  "$CC" "${core_warn[@]}" -O2 -ffreestanding -c "$src" \
    -o "$build/freestanding/$(basename "${src%.c}").o"
done
if command -v nm >/dev/null 2>&1; then
  # No heap, no OS, no libc: every symbol the core uses is defined by the core itself (a
  # compiler may still emit memcpy/memset for struct copies; every libc for MCUs has them).
  defined="$(nm --defined-only "$build"/freestanding/*.o | awk 'NF == 3 { print $3 }' | sort -u)"
  used="$(nm -u "$build"/freestanding/*.o | awk '{ print $NF }' | { grep -v ':$' || true; } | sort -u)"
  foreign="$(comm -23 <(echo "$used") <(echo "$defined") | grep -Ev '^(memcpy|memset|memmove)?$' || true)"
  if [[ -n "$foreign" ]]; then
    echo "[c] the core must not depend on anything outside itself; it uses:" >&2
    echo "$foreign" >&2
    exit 1
  fi
  echo "[c] core depends on no library function"
fi

# Info carries the log capacity as 1..32767 (PROTOCOL.md 4.1): the core refuses to build with
# more (or with none).
for cap in 0 32768; do
  if "$CC" "${core_warn[@]}" -DMIA_LOG_CAPACITY="$cap" -fsyntax-only "$here/src/mia_cup.c" \
    2>/dev/null; then
    echo "[c] MIA_LOG_CAPACITY=$cap must not compile" >&2
    exit 1
  fi
done
"$CC" "${core_warn[@]}" -DMIA_LOG_CAPACITY=32767 -fsyntax-only "$here/src/mia_cup.c"
echo "[c] log capacity: 1..32767 compiles, 0 and 32768 do not"

# (not inside $(...) in an echo: a failing generator must stop the script)
node "$here/tools/vectors-to-c.mjs" "$vectors" "$build/vectors_table.c" >"$build/vectors.log"
echo "[c] vectors: $(cat "$build/vectors.log")"

echo "[c] tests: building with ${san[*]}"
"$CC" "${warn[@]}" "${san[@]}" -I"$here/test" -o "$build/mia_tests" \
  "${core[@]}" "$here/tools/trace_io.c" "$here"/test/*.c "$build/vectors_table.c"
build_host
"$build/mia_host" "$here/traces/whole-turn.csv" "$build/whole-turn.frames.txt"
echo "[c] whole turn: $(wc -l <"$build/whole-turn.frames.txt") frames in build/whole-turn.frames.txt"

# mia_host compare: a recording the app wrote (test/recorded-whole-turn.csv, the browser test's
# download: whole-turn through the emulated cup, threshold 600 mg, one frame lost) matches its
# replay through the core; with one event moved by 100 ms it does not.
recorded="$here/test/recorded-whole-turn.csv"
if ! "$build/mia_host" compare "$recorded" >"$build/compare.txt" ||
  [[ "$(tail -n 1 "$build/compare.txt")" != "5 events, all match" ]]; then
  cat "$build/compare.txt" >&2
  echo "[c] mia_host compare: the app's recording must match its replay" >&2
  exit 1
fi
sed 's/^# event: lid_closed t_ms=4230 /# event: lid_closed t_ms=4330 /' "$recorded" >"$build/moved.csv"
status=0
"$build/mia_host" compare "$build/moved.csv" >"$build/compare-moved.txt" || status=$?
if [[ "$status" != 1 ]] ||
  ! grep -q '^MISMATCH  lid_closed .*(t_ms off by 100, allowed 20)$' "$build/compare-moved.txt"; then
  cat "$build/compare-moved.txt" >&2
  echo "[c] mia_host compare: an event moved by 100 ms must be a mismatch (exit 1)" >&2
  exit 1
fi
echo "[c] mia_host compare: a recording from the app matches its replay; a moved event does not"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
"$build/mia_tests" "$here/traces" | tee "$build/host-tests.txt"

# X25519 in constant time: memcheck reports any branch or address that depends on the secret
# inputs (tools/x25519_ct.c), built as a firmware would (-Os) and as a host would (-O2); and
# it must report both leaks planted in `x25519_ct leak`, or the check proves nothing.
if ! command -v valgrind >/dev/null 2>&1 ||
  ! echo '#include <valgrind/memcheck.h>' | "$CC" -x c -E - >/dev/null 2>&1; then
  echo "[c] the X25519 constant-time check needs valgrind: sudo apt-get install valgrind" >&2
  exit 1
fi
for opt in -Os -O2; do
  "$CC" "${warn[@]}" "$opt" -g -o "$build/x25519_ct" \
    "$here/tools/x25519_ct.c" "$here/src/mia_x25519.c" "$here/src/mia_sha256.c"
  valgrind --quiet --error-exitcode=99 "$build/x25519_ct" >/dev/null
  planted="$(valgrind --error-exitcode=99 "$build/x25519_ct" leak 2>&1 >/dev/null || true)"
  if ! grep -q 'Conditional jump or move depends on uninitialised' <<<"$planted" ||
    ! grep -q 'Use of uninitialised value' <<<"$planted"; then
    echo "[c] valgrind did not see the leaks planted in x25519_ct ($opt): the check is blind" >&2
    exit 1
  fi
done
echo "[c] X25519: no branch or address depends on the secrets (valgrind memcheck, -Os and -O2)"

# The core on Cortex-M4F and Cortex-M0+, its figures, and the tests on QEMU (arm.sh).
echo "[c] ARM: arm.sh"
bash "$here/arm.sh"

# The last line: every test case run, on the host and on the emulated cores.
host="$(tail -n 1 "$build/host-tests.txt" | awk '{ print $1 }')"
m4f="$(tail -n 1 "$build/arm/tests-m4f.txt" | awk '{ print $1 }')"
m0p="$(tail -n 1 "$build/arm/tests-m0p.txt" | awk '{ print $1 }')"
echo "$((host + m4f + m0p)) passed, 0 failed (host $host, Cortex-M4F on QEMU $m4f," \
  "Cortex-M0+ build on QEMU's Cortex-M0 $m0p)"
