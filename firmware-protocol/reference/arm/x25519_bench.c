/* X25519 on an emulated core (arm.sh): linked with --gc-sections, its map file says how much
 * flash mia_x25519 takes; run on QEMU with -icount shift=0 (every instruction advances the
 * virtual clock by 1 ns), SysTick counts the instructions one X25519 executes, and the stack
 * painted below the call shows how much stack it used. Checks the result (RFC 7748 6.1: Bob's
 * public key from his private key).
 * SysTick ticks at the board's clock, not once an instruction, so a loop of known length
 * (a million instructions) calibrates it. Test harness only: not part of the core. */
#include <stdio.h>
#include <string.h>

#include "../src/mia_x25519.h"

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define PAINT 0xA5A5A5A5u
#define PAINT_BYTES 1024u

static uint32_t ticks(void)
{
    return 0xFFFFFFu - SYST_CVR; /* counts down from the reload value */
}

/* n turns of a two-instruction loop (subs, bne): 2 n instructions. */
__attribute__((noinline)) static void spin(uint32_t n)
{
    __asm__ volatile(".syntax unified\n1:\tsubs %0, %0, #1\n\tbne 1b\n\t.syntax divided"
                     : "+l"(n)
                     :
                     : "cc");
}

__attribute__((noinline)) static unsigned stack_used(const uint8_t *k, const uint8_t *u,
                                                     uint8_t *out)
{
    volatile uint32_t *sp;
    volatile uint32_t *p;
    volatile uint32_t *bottom;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    bottom = sp - PAINT_BYTES / 4u;
    for (p = bottom; p < sp - 8; p++) {
        *p = PAINT;
    }
    (void)mia_x25519(out, k, u);
    for (p = bottom; *p == PAINT; p++) {
    }
    return (unsigned)((uintptr_t)sp - (uintptr_t)p);
}

int main(void)
{
    static const uint8_t bob[MIA_X25519_LEN] = {
        0x5d, 0xab, 0x08, 0x7e, 0x62, 0x4a, 0x8a, 0x4b, 0x79, 0xe1, 0x7f,
        0x8b, 0x83, 0x80, 0x0e, 0xe6, 0x6f, 0x3b, 0xb1, 0x29, 0x26, 0x18,
        0xb6, 0xfd, 0x1c, 0x2f, 0x8b, 0x27, 0xff, 0x88, 0xe0, 0xeb};
    static const uint8_t bob_pub[MIA_X25519_LEN] = {
        0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61,
        0xc2, 0xec, 0xe4, 0x35, 0x37, 0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78,
        0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f};
    static const uint8_t nine[MIA_X25519_LEN] = {9};
    uint8_t out[MIA_X25519_LEN];
    uint32_t t0;
    uint32_t calibration;
    uint32_t x25519;

    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 5u; /* enabled, processor clock, no interrupt */
    spin(1000u);   /* past the first reload */
    t0 = ticks();
    spin(500000u);
    calibration = ticks() - t0;
    t0 = ticks();
    mia_x25519_base(out, bob);
    x25519 = ticks() - t0;
    /* arm.sh turns the two counts into instructions (no division here: on ARMv6-M it would
     * link libgcc's, which the size report would count) */
    printf("SysTick ticks: %lu for one X25519, %lu for 1000000 instructions\n",
           (unsigned long)x25519, (unsigned long)calibration);
    printf("stack used by mia_x25519 (measured): %u bytes\n", stack_used(bob, nine, out));
    if (memcmp(out, bob_pub, sizeof out) != 0) {
        printf("FAIL arm: X25519 gave the wrong public key\n");
        return 1;
    }
    return 0;
}
