#!/usr/bin/env bash
# The core on Cortex-M (firmware-protocol/reference/README.md, "ARM"): called by test.sh, or on
# its own:   bash firmware-protocol/reference/arm.sh
#  1. builds the core alone for Cortex-M4F (nRF52-like) and Cortex-M0+ with arm-none-eabi-gcc,
#     -Os, the host core's warnings as errors and -Wstack-usage, and checks it needs nothing
#     outside itself but the compiler's helpers and stays under its flash limit (X25519
#     included, and under a limit of its own);
#  2. reports flash, RAM and stack (objects, a linked minimal cup and its map file, GCC's call
#     graph, and a stack measurement on QEMU), and X25519's flash, stack and instructions;
#  3. runs the host test suite on QEMU with semihosting: mps2-an386 (Cortex-M4F) all of it,
#     traces read from traces/ through semihosting; microbit (Cortex-M0, the ARMv6-M
#     instruction set of the M0+: QEMU has no M0+ machine) the M0+ build of all but the traces
#     (its 16 KiB of RAM cannot hold a trace).
# Needs (Debian/Ubuntu): gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm, and node.
# Output in build/arm/; the figures in build/arm/report.txt.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/build/arm"
packages="gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"

missing=()
for tool in arm-none-eabi-gcc arm-none-eabi-size arm-none-eabi-nm qemu-system-arm node; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if command -v arm-none-eabi-gcc >/dev/null 2>&1 &&
  [[ "$(arm-none-eabi-gcc -print-file-name=rdimon.specs)" == "rdimon.specs" ]]; then
  missing+=("newlib (rdimon.specs)")
fi
if ((${#missing[@]} > 0)); then
  echo "[arm] missing: ${missing[*]}" >&2
  echo "[arm] the ARM build and the QEMU run need these Debian/Ubuntu packages:" >&2
  echo "[arm]   sudo apt-get install $packages" >&2
  exit 1
fi

warn=(-std=c99 -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes
  -Wmissing-prototypes -Wcast-qual -Wpointer-arith -Wundef)
core_warn=("${warn[@]}" -Wconversion -Wsign-conversion)
m4f=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
m0p=(-mcpu=cortex-m0plus -mthumb)
# Every core object, X25519 included. 8 KiB until the telemetry stream (a 1.1 addition, about
# 1.4 KiB) and 10 KiB until protocol 1.2 (X25519 1.1 KiB; the mutual proof, the sealed
# requests and the claim about 2 KiB more): raised to 14 KiB for 1.2, with room for a fix.
flash_limit=14336
x25519_limit=1536 # mia_x25519.o alone
frame_limit=256 # -Wstack-usage: no function of the core may use more
chain_limit=768 # the deepest call chain (stack-report.mjs)
jobs="$(nproc 2>/dev/null || echo 2)"
rm -rf "$out"
mkdir -p "$out"
report="$out/report.txt"
: >"$report"
say() { echo "[arm] $*" | tee -a "$report"; }

# Compiles sources in parallel: compile <object-dir> <flags...> -- <sources...>
compile() {
  local dir="$1"
  shift
  local flags=()
  while [[ "$1" != "--" ]]; do
    flags+=("$1")
    shift
  done
  shift
  mkdir -p "$dir"
  printf '%s\n' "$@" | xargs -P "$jobs" -I{} sh -c \
    'src="$1"; shift; dir="$1"; shift; o="$dir/$(basename "${src%.c}").o";
     arm-none-eabi-gcc "$@" -c "$src" -o "$o" -dumpdir "$dir/"' _ {} "$dir" "${flags[@]}"
}

node "$here/tools/vectors-to-c.mjs" "$here/../vectors" "$out/vectors_table.c" >/dev/null

# ---------------------------------------------------------------- 1. the core alone
core_src=("$here"/src/mia_*.c)
for cpu in m4f m0p; do
  declare -n cpu_flags="$cpu"
  compile "$out/core-$cpu" "${cpu_flags[@]}" -Os "${core_warn[@]}" -Wstack-usage=$frame_limit \
    -ffreestanding -ffunction-sections -fdata-sections -fstack-usage -fcallgraph-info=su \
    -- "${core_src[@]}"
  # Nothing outside the core but what the compiler itself calls (memcpy/memset for struct
  # copies, libgcc's division and switch helpers on ARMv6-M).
  defined="$(arm-none-eabi-nm --defined-only "$out/core-$cpu"/*.o | awk 'NF == 3 { print $3 }' | sort -u)"
  used="$(arm-none-eabi-nm -u "$out/core-$cpu"/*.o | awk 'NF == 2 { print $2 }' | sort -u)"
  outside="$(comm -23 <(echo "$used") <(echo "$defined") | { grep -v '^$' || true; })"
  foreign="$(echo "$outside" | grep -Ev '^(memcpy|memset|memmove|__aeabi_[a-z0-9]+|__gnu_thumb1_case_[a-z0-9]+)?$' || true)"
  if [[ -n "$foreign" ]]; then
    echo "[arm] $cpu: the core must not depend on anything outside itself; it uses:" >&2
    echo "$foreign" >&2
    exit 1
  fi
  declare -g "helpers_$cpu=$(echo "$outside" | paste -sd, -)"
done

say "core alone (src/mia_*.c), arm-none-eabi-gcc $(arm-none-eabi-gcc -dumpversion) -Os:"
for cpu in m4f m0p; do
  read -r text data bss < <(arm-none-eabi-size -t "$out/core-$cpu"/*.o | awk 'END { print $1, $2, $3 }')
  read -r x25519 < <(arm-none-eabi-size "$out/core-$cpu/mia_x25519.o" | awk 'NR == 2 { print $1 + $2 }')
  per="$(arm-none-eabi-size "$out/core-$cpu"/*.o | awk 'NR > 1 { n = $6; sub(/.*\//, "", n); printf "%s%s %s", sep, n, $1 + $2; sep = ", " }')"
  name=$([[ $cpu == m4f ]] && echo "Cortex-M4F" || echo "Cortex-M0+")
  say "  $name: flash $((text + data)) bytes (text+rodata $text, data $data), RAM $((data + bss)) bytes static: $per"
  say "  $name: of which X25519 $x25519 bytes; without it $((text + data - x25519)) bytes"
  if ((text + data >= flash_limit)); then
    echo "[arm] $name: the core takes $((text + data)) bytes of flash, the limit is $flash_limit" >&2
    exit 1
  fi
  if ((x25519 >= x25519_limit)); then
    echo "[arm] $name: X25519 takes $x25519 bytes of flash, the limit is $x25519_limit" >&2
    exit 1
  fi
  if ((data + bss != 0)); then
    echo "[arm] $name: the core must have no static data (all state is in mia_cup)" >&2
    exit 1
  fi
done

# ---------------------------------------------------------------- 2. stack and a linked cup
for cpu in m4f m0p; do
  name=$([[ $cpu == m4f ]] && echo "Cortex-M4F" || echo "Cortex-M0+")
  say "$name stack (GCC call graph, -fstack-usage):"
  node "$here/arm/stack-report.mjs" "$out/core-$cpu" "$chain_limit" | sed 's/^/  /' | tee -a "$report"
done

declare -A machine=([m4f]=mps2-an386 [m0p]=microbit)
qemu() { # qemu <machine> <elf> [args...]
  local m="$1" elf="$2"
  shift 2
  local cfg="enable=on,target=native,arg=$(basename "$elf")"
  for a in "$@"; do cfg="$cfg,arg=$a"; done
  (cd "$here" && timeout 120 qemu-system-arm -M "$m" -nographic -semihosting-config "$cfg" -kernel "$elf")
}

for cpu in m4f m0p; do
  declare -n cpu_flags="$cpu"
  name=$([[ $cpu == m4f ]] && echo "Cortex-M4F" || echo "Cortex-M0+")
  arm-none-eabi-gcc "${cpu_flags[@]}" -Os "${warn[@]}" -ffunction-sections -fdata-sections \
    --specs=nano.specs --specs=rdimon.specs -nostartfiles -L"$here/arm" -T"${machine[$cpu]}.ld" \
    -Wl,--gc-sections -Wl,-Map="$out/board-$cpu.map" -o "$out/board-$cpu.elf" \
    "$here/arm/startup.c" "$here/arm/board_min.c" "$out/core-$cpu"/*.o
  helpers="helpers_$cpu"
  say "$name, a minimal cup (arm/board_min.c) on QEMU ${machine[$cpu]}:"
  node "$here/arm/size-report.mjs" "$out/board-$cpu.map" "$out/core-$cpu" "${!helpers}" |
    sed 's/^/  /' | tee -a "$report"
  qemu "${machine[$cpu]}" "$out/board-$cpu.elf" | sed 's/^/  /' | tee "$out/board-$cpu.txt" | tee -a "$report"
  if grep -q FAIL "$out/board-$cpu.txt"; then
    exit 1
  fi
done

# X25519 alone (arm/x25519_bench.c): its flash when linked, and on QEMU with -icount shift=0
# (the virtual clock advances 1 ns an instruction) the instructions and stack of one X25519.
for cpu in m4f m0p; do
  declare -n cpu_flags="$cpu"
  name=$([[ $cpu == m4f ]] && echo "Cortex-M4F" || echo "Cortex-M0+")
  arm-none-eabi-gcc "${cpu_flags[@]}" -Os "${warn[@]}" -ffunction-sections -fdata-sections \
    --specs=nano.specs --specs=rdimon.specs -nostartfiles -L"$here/arm" -T"${machine[$cpu]}.ld" \
    -Wl,--gc-sections -Wl,-Map="$out/x25519-$cpu.map" -o "$out/x25519-$cpu.elf" \
    "$here/arm/startup.c" "$here/arm/x25519_bench.c" "$out/core-$cpu"/*.o
  # the helpers mia_x25519.o itself calls (the bench's printf calls libgcc's division)
  defined="$(arm-none-eabi-nm --defined-only "$out/core-$cpu"/*.o | awk 'NF == 3 { print $3 }' | sort -u)"
  helpers="$(comm -23 <(arm-none-eabi-nm -u "$out/core-$cpu/mia_x25519.o" | awk '{ print $2 }' | sort -u) \
    <(echo "$defined") | paste -sd, -)"
  say "$name, X25519 (protocol 1.2) linked alone (arm/x25519_bench.c), on QEMU ${machine[$cpu]} -icount shift=0:"
  node "$here/arm/size-report.mjs" "$out/x25519-$cpu.map" "$out/core-$cpu" "$helpers" x25519 |
    sed 's/^/  /' | tee -a "$report"
  set +e
  (cd "$here" && timeout 120 qemu-system-arm -M "${machine[$cpu]}" -nographic -icount shift=0 \
    -semihosting-config enable=on,target=native -kernel "$out/x25519-$cpu.elf") >"$out/x25519-$cpu.txt"
  status=$?
  set -e
  awk '/^SysTick ticks/ { printf "  one X25519: %.2f million instructions (%s)\n", $3 / $7, $0; next }
       { print "  " $0 }' "$out/x25519-$cpu.txt" | tee -a "$report"
  if [[ $status -ne 0 ]] || grep -q FAIL "$out/x25519-$cpu.txt"; then
    echo "[arm] $name: X25519 on QEMU failed (exit $status)" >&2
    exit 1
  fi
done

# ---------------------------------------------------------------- 3. the test suite on QEMU
# The same sources as the host tests, -Os like a firmware, with UBSan in trap mode (undefined
# behaviour becomes a fault, which arm/startup.c reports).
tests=("${core_src[@]}" "$here/tools/trace_io.c" "$here"/test/*.c "$out/vectors_table.c"
  "$here/arm/startup.c")
# -DMIA_TEST_X25519_SHORT: without RFC 7748's 1,000 iterations (a minute or two on QEMU).
test_flags=(-Os -g "${warn[@]}" -I"$here/test" -fsanitize=undefined
  -fsanitize-undefined-trap-on-error -ffunction-sections -fdata-sections -DMIA_TEST_X25519_SHORT)
compile "$out/tests-m4f" "${m4f[@]}" "${test_flags[@]}" -- "${tests[@]}"
no_traces=()
for t in "${tests[@]}"; do [[ "$t" == */test_traces.c ]] || no_traces+=("$t"); done
compile "$out/tests-m0p" "${m0p[@]}" "${test_flags[@]}" -DMIA_TEST_NO_TRACES -- "${no_traces[@]}"

for cpu in m4f m0p; do
  declare -n cpu_flags="$cpu"
  name=$([[ $cpu == m4f ]] && echo "Cortex-M4F" || echo "Cortex-M0+")
  arm-none-eabi-gcc "${cpu_flags[@]}" --specs=nano.specs --specs=rdimon.specs -nostartfiles \
    -L"$here/arm" -T"${machine[$cpu]}.ld" -Wl,--gc-sections -o "$out/mia_tests-$cpu.elf" \
    "$out/tests-$cpu"/*.o
  start=$(date +%s.%N)
  set +e
  qemu "${machine[$cpu]}" "$out/mia_tests-$cpu.elf" traces >"$out/tests-$cpu.txt" 2>&1
  status=$?
  set -e
  took=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
  last="$(tail -n 1 "$out/tests-$cpu.txt")"
  if [[ $status -ne 0 || ! "$last" =~ ^[0-9]+\ passed,\ 0\ failed$ ]]; then
    cat "$out/tests-$cpu.txt" >&2
    echo "[arm] $name tests on QEMU ${machine[$cpu]} failed (exit $status)" >&2
    exit 1
  fi
  what=$([[ $cpu == m4f ]] && echo "all but X25519's 1,000 iterations" ||
    echo "all but the traces and X25519's 1,000 iterations")
  say "$name tests on QEMU ${machine[$cpu]} ($what, UBSan traps): $last in ${took} s"
done
