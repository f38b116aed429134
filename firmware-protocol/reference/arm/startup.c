/* Minimal Cortex-M startup for running the host test suite on an emulated core (QEMU
 * mps2-an386 for the Cortex-M4F, microbit for ARMv6-M) with semihosting: a vector table, a
 * reset handler that enables the FPU (if the build uses it), zeroes .bss, opens newlib's
 * semihosting stdio (librdimon) and runs main; a fault handler that reports through
 * semihosting and stops QEMU with a failure. Test harness only: not part of the core. */
#include <stdint.h>
#include <stdlib.h>

int main(int argc, char **argv);
void initialise_monitor_handles(void);
void Reset_Handler(void);
void Fault_Handler(void);

extern uint32_t __bss_start__;
extern uint32_t __bss_end__;
extern uint32_t __stack_top;

/* Semihosting call: BKPT 0xAB with the operation in r0 and its argument in r1. */
static int semihost(int op, const void *arg)
{
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

#define SYS_WRITE0 0x04
#define SYS_GET_CMDLINE 0x15
#define SYS_EXIT 0x18
#define ADP_STOPPED_RUN_TIME_ERROR 0x20023

void Fault_Handler(void)
{
    /* A fault (a bad access, an undefined instruction such as a UBSan trap): say so and stop
     * QEMU with a failure instead of hanging. */
    (void)semihost(SYS_WRITE0, "FAIL arm: hard fault (a bad access, or a UBSan trap)\n");
    (void)semihost(SYS_EXIT, (const void *)ADP_STOPPED_RUN_TIME_ERROR);
    for (;;) {
    }
}

void Reset_Handler(void)
{
    uint32_t *p;
#if defined(__ARM_FP)
    /* CPACR: full access to CP10 and CP11 (the FPU), before any FP instruction. */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    for (p = &__bss_start__; p < &__bss_end__; p++) {
        *p = 0;
    }
    initialise_monitor_handles();
    {
        /* The command line QEMU passes (-semihosting-config ...,arg=mia_tests,arg=traces),
         * split at spaces. */
        static char line[256];
        static char *argv[8];
        int argc = 0;
        uint32_t block[2];
        char *c;
        block[0] = (uint32_t)(uintptr_t)line;
        block[1] = sizeof line - 1u;
        if (semihost(SYS_GET_CMDLINE, block) != 0) {
            line[0] = '\0';
        }
        for (c = line; *c != '\0' && argc < 7;) {
            while (*c == ' ') {
                *c++ = '\0';
            }
            if (*c == '\0') {
                break;
            }
            argv[argc++] = c;
            while (*c != ' ' && *c != '\0') {
                c++;
            }
        }
        argv[argc] = 0;
        exit(main(argc, argv));
    }
}

/* Vector table: initial stack pointer, reset, NMI, HardFault, then the configurable faults
 * (MemManage, BusFault, UsageFault: not present on ARMv6-M, harmless there). */
typedef struct {
    void *initial_sp;
    void (*handler[15])(void);
} vector_table;

__attribute__((section(".vectors"), used)) static const vector_table vectors = {
    &__stack_top,
    {
        Reset_Handler,
        Fault_Handler, /* NMI */
        Fault_Handler, /* HardFault */
        Fault_Handler, /* MemManage */
        Fault_Handler, /* BusFault */
        Fault_Handler, /* UsageFault */
        0,
        0,
        0,
        0,
        Fault_Handler, /* SVCall */
        Fault_Handler, /* DebugMonitor */
        0,
        Fault_Handler, /* PendSV */
        Fault_Handler, /* SysTick */
    },
};
