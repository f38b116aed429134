/*
 * The Puck.js blob on an emulated Cortex-M4 (QEMU mps2-an386), driven the way the board's
 * JavaScript drives it: copied into RAM at an address other than the one it was linked at
 * (0), called only through its entry point with a block of memory, the random pool filled
 * before the ops that draw. Halfway through the trace the code and the block are both moved
 * (as Espruino's defragmentation may move a flat string) and the run goes on.
 *
 *   harness <trace.csv>
 * prints what tools/mia_host.c prints for the same trace, "<kind> <ms> <hex>" a line: the
 * Vitest (test/unit/boards/puck-js-qemu.test.ts) requires the same lines. The random pool is
 * filled from trace_random_bytes with mia_host's seed, so the boot id is the same too.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../../../reference/tools/trace_io.h"
#include "../mia_puck.h"

extern const uint8_t mia_puck_blob[];
extern const uint8_t mia_puck_blob_end[];

typedef int (*entry_fn)(unsigned char *block, int op, int a, int b);

/* Two places for the code and two for the block; the first code place is 4 bytes past an
 * 8-byte boundary, the second a place further. A blob is under 14 KiB (the Vitest checks). */
#define CODE_ROOM 14336u
#define BLOCK_ROOM 4096u
static uint8_t code_ram[2][CODE_ROOM + 8] __attribute__((aligned(8)));
static uint64_t block_ram[2][BLOCK_ROOM / 8];
static trace_row rows_[40000];

static entry_fn entry;
static uint8_t *block;
static uint32_t random_state;

static uint8_t *load(int place)
{
    size_t n = (size_t)(mia_puck_blob_end - mia_puck_blob);
    uint8_t *at = code_ram[place] + (place == 0 ? 4 : 0);
    memcpy(at, mia_puck_blob, n);
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    entry = (entry_fn)(uintptr_t)((uintptr_t)at | 1u);
    return at;
}

static int call(int op, int a, int b)
{
    if (op == MIA_PUCK_OP_INIT || op == MIA_PUCK_OP_CONNECTED || op == MIA_PUCK_OP_WRITE) {
        trace_random_bytes(&random_state, block + MIA_PUCK_RANDOM, MIA_PUCK_RANDOM_LEN);
    }
    {
        int r = entry(block, op, a, b);
        if (block[MIA_PUCK_FIRED] & MIA_PUCK_FIRED_RANDOM_SHORT) {
            printf("FAIL the random pool ran out\n");
        }
        return r;
    }
}

static void put(const char *kind, uint32_t t, const uint8_t *f, int n)
{
    int i;
    printf("%s %lu ", kind, (unsigned long)t);
    for (i = 0; i < n; i++) {
        printf("%02x", f[i]);
    }
    printf("\n");
}

static void drain(uint32_t now)
{
    static const char *const kinds[] = {"?", "notify-events", "notify-state", "notify-reply",
                                        "notify-telemetry"};
    int got;
    while ((got = call(MIA_PUCK_OP_NEXT, (int)now, 0)) > 0) {
        put(kinds[(got >> 8) & 7], now, block + MIA_PUCK_IO, got & 0xff);
    }
}

static void put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* The setup trace_cup_init gives the native cup: shake + lid + LED, id MiaCup 0001, v1.0.0. */
static void boot(const trace *t)
{
    static const uint8_t id[8] = {0x4d, 0x69, 0x61, 0x43, 0x75, 0x70, 0x00, 0x01};
    uint8_t *in = block + MIA_PUCK_IO;
    memset(in, 0, MIA_PUCK_IO_LEN);
    in[MIA_PUCK_SETUP_FW] = 1;
    in[MIA_PUCK_SETUP_LID_MODE] = t->lid.mode;
    put16(in + MIA_PUCK_SETUP_CAPS, MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED);
    put16(in + MIA_PUCK_SETUP_RATE, t->rate_hz);
    memcpy(in + MIA_PUCK_SETUP_ID, id, sizeof id);
    put16(in + MIA_PUCK_SETUP_OPEN, t->lid.open_level);
    put16(in + MIA_PUCK_SETUP_CLOSED, t->lid.closed_level);
    in[MIA_PUCK_SETUP_INVERT] = t->lid.invert;
    in[MIA_PUCK_SETUP_HAS_CONFIG] = 1;
    (void)mia_encode_config(&t->config, in + MIA_PUCK_SETUP_CONFIG);
    random_state = 0x6d2b79f5u;
    (void)call(MIA_PUCK_OP_INIT, 0, 0);
}

static void step(const trace_row *r)
{
    if (r->has_accel) {
        memcpy(block + MIA_PUCK_IO, r->xyz, sizeof r->xyz);
        (void)call(MIA_PUCK_OP_ACCEL, (int)r->t_ms, 1);
    }
    if (r->has_lid) {
        (void)call(MIA_PUCK_OP_LID, (int)r->t_ms, r->lid);
    }
    (void)call(MIA_PUCK_OP_TICK, (int)r->t_ms, 0);
    drain(r->t_ms);
}

int main(int argc, char **argv)
{
    trace t;
    size_t i;
    uint32_t last = 0;
    uint32_t end;
    int n;
    static const uint8_t replay_all[4] = {MIA_OP_REPLAY_SINCE, 0x01, 0xff, 0xff};
    t.rows = rows_;
    t.cap = sizeof rows_ / sizeof rows_[0];
    if (argc != 2 || trace_read(argv[1], &t) != 0) {
        printf("FAIL usage: harness <trace.csv>\n");
        return 2;
    }
    if ((size_t)(mia_puck_blob_end - mia_puck_blob) > CODE_ROOM) {
        printf("FAIL the blob does not fit the code places\n");
        return 1;
    }
    printf("# blob %lu bytes at 0x%08lx\n", (unsigned long)(mia_puck_blob_end - mia_puck_blob),
           (unsigned long)(uintptr_t)load(0));
    block = (uint8_t *)block_ram[0];
    if ((size_t)call(MIA_PUCK_OP_CUP_SIZE, 0, 0) > BLOCK_ROOM - MIA_PUCK_CUP) {
        printf("FAIL the cup does not fit the block\n");
        return 1;
    }
    boot(&t);
    (void)call(MIA_PUCK_OP_BATTERY, 90, 0);
    (void)call(MIA_PUCK_OP_CONNECTED, 0, 1);
    (void)call(MIA_PUCK_OP_SUBSCRIBE, MIA_CHR_EVENTS, 1);
    (void)call(MIA_PUCK_OP_SUBSCRIBE, MIA_CHR_STATE, 1);
    (void)call(MIA_PUCK_OP_SUBSCRIBE, MIA_CHR_REPLY, 1);
    put("read-info", 0, block + MIA_PUCK_IO, call(MIA_PUCK_OP_READ_INFO, 0, 0));
    put("read-state", 0, block + MIA_PUCK_IO, call(MIA_PUCK_OP_READ_STATE, 0, 0));
    for (i = 0; i < t.n; i++) {
        if (i == t.n / 2) {
            /* Move the code and the block, as a defragmentation may. */
            uint8_t *moved = (uint8_t *)block_ram[1];
            memcpy(moved, block, BLOCK_ROOM);
            memset(block, 0xA5, BLOCK_ROOM);
            block = moved;
            printf("# moved: code at 0x%08lx, block at 0x%08lx\n",
                   (unsigned long)(uintptr_t)load(1), (unsigned long)(uintptr_t)block);
            memset(code_ram[0], 0xFF, sizeof code_ram[0]);
        }
        step(&t.rows[i]);
        last = t.rows[i].t_ms;
    }
    for (end = last + 2000u; last != end;) {
        last += 10u;
        (void)call(MIA_PUCK_OP_TICK, (int)last, 0);
        drain(last);
    }
    end = last + 10u;
    put("write-control", end, replay_all, sizeof replay_all);
    memcpy(block + MIA_PUCK_IO, replay_all, sizeof replay_all);
    if (call(MIA_PUCK_OP_WRITE, (int)end, sizeof replay_all) != 0) {
        printf("FAIL replay_since rejected\n");
        return 1;
    }
    drain(end);
    n = call(MIA_PUCK_OP_READ_STATE, (int)end, 0);
    put("read-state", end, block + MIA_PUCK_IO, n);
    return 0;
}
