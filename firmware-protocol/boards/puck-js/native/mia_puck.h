/*
 * The reference core on a Puck.js (Espruino): one entry point, called from JavaScript through
 * E.nativeCall, and the cup's memory in a buffer the JavaScript side owns.
 *
 *   int mia_puck_call(uint8_t *block, int op, int a, int b)     at offset 0 of the blob
 *
 * E.nativeCall takes at most 4 arguments (Espruino's jswrap_espruino_nativeCall: return type
 * and arguments packed 3 bits each into 16 bits), so every call is one op with two integers.
 * The block holds, at the byte offsets below, the hooks' results (the core calls its hooks from
 * inside a call; JavaScript reads what they asked for when the call returns), a pool of random
 * bytes JavaScript fills from E.hwRand before an op that may draw, an I/O area (frames out,
 * Control writes and accelerometer samples in, the setup at init) and the cup (mia_cup).
 *
 * No static state and no absolute address: the blob runs wherever it is loaded (from a
 * Storage file in flash, or a flat string in RAM), and the hooks and their ctx are set again at
 * every call, so the block may move between calls (Espruino's defragmentation can move an
 * unlocked flat string). The block must be 8-byte aligned (JavaScript places it so).
 * Multi-byte values in the block are little-endian, like the Cortex-M4 itself.
 */
#ifndef MIA_PUCK_H
#define MIA_PUCK_H

/* Block layout (byte offsets). */
#define MIA_PUCK_RANDOM 0        /* 32 random bytes, filled by JS before init/connect/write: the
                                  * most one call draws (claim_begin's X25519 private key) */
#define MIA_PUCK_RANDOM_LEN 32
#define MIA_PUCK_RANDOM_USED 32  /* out: how many the call drew */
#define MIA_PUCK_FIRED 33        /* out: MIA_PUCK_FIRED_* bits, what the hooks asked for */
#define MIA_PUCK_IDENTIFY_PATTERN 34
#define MIA_PUCK_OWNER_SET 35    /* out: 1 the key at MIA_PUCK_KEY is the new owner key, 0 forgotten */
#define MIA_PUCK_IDENTIFY_MS 36  /* u16 */
#define MIA_PUCK_CONFIG 38       /* out: the new Config's 10-byte record (PROTOCOL.md 4.6) */
#define MIA_PUCK_KEY 48          /* 16 bytes: in at init (the stored key), out (owner_changed) */
#define MIA_PUCK_IO 64           /* the I/O area */
#define MIA_PUCK_IO_LEN 512
#define MIA_PUCK_CUP 576         /* the mia_cup, 8-byte aligned */
#define MIA_PUCK_CUP_ROOM 1792   /* its room: sizeof(mia_cup) is 1776 (1.2, the 64-event log) */

#define MIA_PUCK_FIRED_IDENTIFY 0x01
#define MIA_PUCK_FIRED_CONFIG 0x02
#define MIA_PUCK_FIRED_OWNER 0x04
#define MIA_PUCK_FIRED_RANDOM_SHORT 0x80 /* the pool ran out: the call drew zeros (a bug) */

/* The setup record in the I/O area for MIA_PUCK_OP_INIT. */
#define MIA_PUCK_SETUP_FW 0          /* major, minor, patch */
#define MIA_PUCK_SETUP_LID_MODE 3    /* mia_lid_mode */
#define MIA_PUCK_SETUP_CAPS 4        /* u16 */
#define MIA_PUCK_SETUP_RATE 6        /* u16, Hz */
#define MIA_PUCK_SETUP_ID 8          /* 8 bytes */
#define MIA_PUCK_SETUP_OPEN 16       /* u16 */
#define MIA_PUCK_SETUP_CLOSED 18     /* u16 */
#define MIA_PUCK_SETUP_INVERT 20
#define MIA_PUCK_SETUP_WOKE 21
#define MIA_PUCK_SETUP_HAS_KEY 22    /* the key is at MIA_PUCK_KEY */
#define MIA_PUCK_SETUP_HAS_CONFIG 23 /* the stored Config record follows */
#define MIA_PUCK_SETUP_CONFIG 24     /* 10 bytes */

/* Ops: (a, b) and what they return. Frames come back in the I/O area. */
enum {
    MIA_PUCK_OP_CUP_SIZE = 0,      /* () -> sizeof(mia_cup) */
    MIA_PUCK_OP_INIT = 1,          /* (now) */
    MIA_PUCK_OP_ACCEL = 2,         /* (last_ms, n): n int16 x,y,z triples in the I/O area */
    MIA_PUCK_OP_LID = 3,           /* (now, reading) */
    MIA_PUCK_OP_TICK = 4,          /* (now) */
    MIA_PUCK_OP_BATTERY = 5,       /* (percent, charging) */
    MIA_PUCK_OP_CONNECTED = 6,     /* (now, 0 down / 1 up / 2 up from the peer whose 6-byte
                                    * address is in the I/O area) */
    MIA_PUCK_OP_SUBSCRIBE = 7,     /* (mia_chr, on) */
    MIA_PUCK_OP_WRITE = 8,         /* (now, len): the write in the I/O area -> ATT code */
    MIA_PUCK_OP_SHOULD_DROP = 9,   /* (now) -> 0/1 */
    MIA_PUCK_OP_FORGET_OWNER = 10, /* () */
    MIA_PUCK_OP_READ_INFO = 11,    /* () -> length */
    MIA_PUCK_OP_READ_STATE = 12,   /* (now) -> length */
    MIA_PUCK_OP_READ_ADVERT = 13,  /* () -> length */
    MIA_PUCK_OP_NEXT = 14,         /* (now) -> length | mia_chr << 8 (0: nothing due) */
    MIA_PUCK_OP_MAY_SLEEP = 15,    /* (now) -> 0/1 */
    MIA_PUCK_OP_BUSY = 16,         /* () -> 0/1 */
    MIA_PUCK_OP_CLAIM_BUTTON = 17  /* (now): the button confirms a waiting claim */
};

/* -1 for an unknown op. */
int mia_puck_call(unsigned char *block, int op, int a, int b);

#endif
