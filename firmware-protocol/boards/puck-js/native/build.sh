#!/usr/bin/env bash
# Builds the Puck.js blob: the reference core (../../../reference/src/mia_*.c, the sources the
# WebAssembly build uses) and the glue (mia_puck.c) as position-independent Thumb code for the
# Cortex-M4 of the Puck's nRF52832, mia_puck_call at offset 0 (README.md, "The blob").
#   bash firmware-protocol/boards/puck-js/native/build.sh          the blob, checked
#   bash firmware-protocol/boards/puck-js/native/build.sh qemu     and the QEMU harness
# Output in firmware-protocol/reference/build/puck-js/ (with the reference core's builds, ignored
# by git, eslint and prettier): mia-core-puck.bin (what the firmware
# uploads and runs), mia-core-puck.elf, and harness.elf.
# Checks that fail the build: the blob has no writable data and no GOT, every relocation the
# linker resolved is PC-relative, and the blob linked at 0 and at 0x10000 is the same bytes (an
# absolute address left anywhere would differ).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
board="$(cd "$here/.." && pwd)"
reference="$(cd "$board/../../reference" && pwd)"
out="$reference/build/puck-js"
mkdir -p "$out"

for tool in arm-none-eabi-gcc arm-none-eabi-objcopy arm-none-eabi-readelf; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "[puck] missing $tool: sudo apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm" >&2
    exit 1
  fi
done

warn=(-std=c99 -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes
  -Wmissing-prototypes -Wcast-qual -Wpointer-arith -Wundef -Wconversion -Wsign-conversion)
# Soft float: the core is integer-only, and a soft-float blob can be called from Espruino's
# hard-float build (integer arguments go in r0-r3 either way). -fpic with hidden visibility:
# every address is computed from the PC.
cpu=(-mcpu=cortex-m4 -mthumb -mfloat-abi=soft)
flags=("${cpu[@]}" -Os "${warn[@]}" -ffreestanding -fno-builtin -ffunction-sections
  -fdata-sections -fpic -fvisibility=hidden -ffile-prefix-map="$board/../.."=.)
sources=("$here/mia_puck.c" "$reference"/src/mia_*.c)

link() { # link <base> <elf>
  arm-none-eabi-gcc "${flags[@]}" -nostdlib -Wl,--gc-sections -Wl,-q \
    -Wl,--defsym=BASE="$1" -T "$here/blob.ld" -o "$2" "${sources[@]}" -lgcc
}
# Built under this run's own names and moved into place at the end: test files that build at
# the same time never read a half-written file.
tmp="$out/tmp.$$"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
link 0 "$tmp/mia-core-puck.elf"
link 0x10000 "$tmp/mia-core-puck-moved.elf"
arm-none-eabi-objcopy -O binary -j .text "$tmp/mia-core-puck.elf" "$tmp/mia-core-puck.bin"
arm-none-eabi-objcopy -O binary -j .text "$tmp/mia-core-puck-moved.elf" "$tmp/mia-core-puck-moved.bin"

fail() {
  echo "[puck] $*" >&2
  exit 1
}
# Sections other than .text that hold bytes (writable data, a GOT) would need a loader.
extra="$(arm-none-eabi-readelf -S -W "$tmp/mia-core-puck.elf" |
  awk '$2 ~ /^\.(data|bss|got)/ && $6 ~ /[1-9a-f]/ { print $2 }')"
[[ -z "$extra" ]] || fail "the blob must have nothing but .text; it has: $extra"
# Relocations kept by -q: only PC-relative kinds (calls, branches, PC-relative literals).
absolute="$(arm-none-eabi-readelf -r -W "$tmp/mia-core-puck.elf" |
  awk '$3 ~ /^R_ARM_/ && $3 !~ /^R_ARM_(THM_CALL|THM_JUMP(24|19|11|8|6)|REL32|THM_PC(8|12)|THM_ALU_PREL_11_0|PREL31|THM_MOVW_PREL_NC|THM_MOVT_PREL)$/ { print $3 }' |
  sort | uniq -c)"
[[ -z "$absolute" ]] || fail "the blob holds addresses that are not PC-relative: $absolute"
cmp -s "$tmp/mia-core-puck.bin" "$tmp/mia-core-puck-moved.bin" ||
  fail "the blob linked at 0 and at 0x10000 differs: it depends on where it is loaded"
[[ "$(arm-none-eabi-nm "$tmp/mia-core-puck.elf" | awk '$3 == "mia_puck_call" { print $1 }')" == 00000000 ]] ||
  fail "mia_puck_call is not at offset 0"
mv -f "$tmp/mia-core-puck.elf" "$out/mia-core-puck.elf"
mv -f "$tmp/mia-core-puck.bin" "$out/mia-core-puck.bin"
echo "[puck] mia-core-puck.bin: $(wc -c <"$out/mia-core-puck.bin") bytes, position-independent" \
  "(arm-none-eabi-gcc $(arm-none-eabi-gcc -dumpversion), Cortex-M4 Thumb-2, -Os)"

if [[ "${1:-}" == "qemu" ]]; then
  arm=$reference/arm
  arm-none-eabi-gcc "${cpu[@]}" -Os -std=c99 -Wall -Wextra -Werror -ffunction-sections \
    -fdata-sections --specs=nano.specs --specs=rdimon.specs -nostartfiles -L"$arm" \
    -T mps2-an386.ld -Wl,--gc-sections -DMIA_PUCK_BLOB_PATH="\"$out/mia-core-puck.bin\"" \
    -o "$tmp/harness.elf" "$arm/startup.c" "$here/qemu/harness.c" "$here/qemu/blob.S" \
    "$reference/tools/trace_io.c" "$reference"/src/mia_codec*.c
  # The harness runs the core only through the blob: no cup of its own.
  if arm-none-eabi-nm "$tmp/harness.elf" | grep -q ' mia_cup_init$'; then
    fail "the harness links a cup of its own"
  fi
  mv -f "$tmp/harness.elf" "$out/harness.elf"
  echo "[puck] harness.elf: qemu-system-arm -M mps2-an386 -nographic -kernel harness.elf" \
    "-semihosting-config enable=on,target=native,arg=harness,arg=<trace.csv>"
fi

# The glue and the core as WebAssembly, for the tests' fake E.nativeCall (fake/native-wasm.ts):
# the same C, so the firmware's NativeCore runs in Node byte for byte as on the Puck.
if [[ "${1:-}" == "wasm" ]]; then
  clang --target=wasm32 -std=c99 -Oz -ffreestanding -nostdlib -fno-builtin "${warn[@]}" \
    -Wl,--no-entry -Wl,--export=__heap_base -Wl,-z,stack-size=16384 \
    -o "$tmp/mia-puck.wasm" "$here/mia_puck.c" "$reference"/src/mia_*.c
  mv -f "$tmp/mia-puck.wasm" "$out/mia-puck.wasm"
  echo "[puck] mia-puck.wasm: $(wc -c <"$out/mia-puck.wasm") bytes (for the tests)"
fi
