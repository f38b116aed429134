/*
 * Codec for the Mia Cup GATT protocol 1.2 (firmware-protocol/PROTOCOL.md), byte for byte.
 *
 * Encoders write into a caller's buffer of MIA_FRAME_MAX bytes and return the frame length.
 * Decoders never read past `len`, never write outside their output struct, and return the
 * first rejection reason in the order of PROTOCOL.md section 5 (MIA_ACCEPT when the frame is
 * good). The cup itself only needs to encode Info, Events, State and Reply and to decode
 * Control (with the Config record inside it), and to build the advertising service data; the
 * other directions are here too so that the host tests can check every golden vector both
 * ways, and a board's own test tools can use them.
 *
 * 1.0 frames: a State of 14..17 bytes decodes with has_boot_id 0, and encodes back to 14 bytes
 * when has_boot_id is 0. A `booted` of 7..10 bytes decodes with has_boot_id 0 in the frame; the
 * event encoder always writes the 1.1 `booted` (11 bytes), the only one a 1.1 cup sends.
 *
 * Portable C99, no heap, no OS.
 */
#ifndef MIA_CODEC_H
#define MIA_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "mia_log.h"

#define MIA_PROTOCOL_MAJOR 1u
#define MIA_PROTOCOL_MINOR 2u
#define MIA_FRAME_MAX 20u

/* Frame lengths (protocol 1.2). */
#define MIA_INFO_LEN 17u
#define MIA_EVENT_HEADER_LEN 7u
#define MIA_EVENT_LONG_LEN 11u /* shake_ended, lid_closed, booted (1.1) */
#define MIA_STATE_LEN 18u
#define MIA_STATE_LEN_1_0 14u  /* a 1.0 State: no boot id */
#define MIA_CONFIG_LEN 10u
#define MIA_CONTROL_HEADER_LEN 2u
#define MIA_REPLY_HEADER_LEN 3u
#define MIA_AUTH_LEN 16u       /* owner key, challenge, answer; 1.2: nonce, proof, key half */
#define MIA_TAG_LEN 8u         /* 1.2: the tag of a sealed request or Reply */
#define MIA_ADVERT_LEN 9u      /* service data: flags + device id */
#define MIA_ADVERT_MAX 13u     /* what an AD structure holds after a 128-bit UUID */
#define MIA_LOG_CAPACITY_MAX 32767u

/* ATT error for a Control write too short to carry a request id (no Reply is sent). */
#define MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH 0x0Du

/* Rejection reasons, PROTOCOL.md section 5. */
typedef enum {
    MIA_ACCEPT = 0,
    MIA_REASON_TOO_LONG,
    MIA_REASON_TRUNCATED,
    MIA_REASON_UNSUPPORTED_VERSION,
    MIA_REASON_UNKNOWN_OPCODE,
    MIA_REASON_BAD_VALUE
} mia_reason;

/* Reply status codes, PROTOCOL.md 4.5. */
typedef enum {
    MIA_STATUS_OK = 0x00,
    MIA_STATUS_UNKNOWN_OPCODE = 0x01,
    MIA_STATUS_BAD_LENGTH = 0x02,
    MIA_STATUS_BAD_VALUE = 0x03,
    MIA_STATUS_BUSY = 0x04,
    MIA_STATUS_NOT_SUPPORTED = 0x05,
    MIA_STATUS_NEEDS_PROOF = 0x06, /* 1.1 */
    MIA_STATUS_DENIED = 0x07,      /* 1.1 */
    MIA_STATUS_NO_GESTURE = 0x08   /* 1.2: nobody confirmed a claim at the cup in time */
} mia_status;
#define MIA_STATUS_LAST MIA_STATUS_NO_GESTURE

/* Event types, PROTOCOL.md 4.2. */
#define MIA_EVENT_SHAKE_STARTED 0x01u
#define MIA_EVENT_SHAKE_ENDED 0x02u
#define MIA_EVENT_LID_OPENED 0x03u
#define MIA_EVENT_LID_CLOSED 0x04u
#define MIA_EVENT_BOOTED 0x05u

/* Control opcodes, PROTOCOL.md 4.4. */
#define MIA_OP_IDENTIFY 0x01u
#define MIA_OP_REPLAY_SINCE 0x02u
#define MIA_OP_READ_CONFIG 0x03u
#define MIA_OP_WRITE_CONFIG 0x04u
#define MIA_OP_AUTH_CHALLENGE 0x05u /* 1.1 */
#define MIA_OP_AUTH_PROVE 0x06u     /* 1.1 */
#define MIA_OP_CLAIM 0x07u          /* 1.1 */
#define MIA_OP_RELEASE 0x08u        /* 1.1 */
#define MIA_OP_TELEMETRY_START 0x09u /* 1.1 addition: telemetry */
#define MIA_OP_TELEMETRY_STOP 0x0Au  /* 1.1 addition: telemetry */
#define MIA_OP_AUTH_CUP_PROOF 0x0Bu  /* 1.2 */
#define MIA_OP_CLAIM_BEGIN 0x0Cu     /* 1.2 */
#define MIA_OP_CLAIM_KEY 0x0Du       /* 1.2 */
#define MIA_OP_CLAIM_CONFIRM 0x0Eu   /* 1.2 */
#define MIA_OP_FIRMWARE_UNLOCK 0x0Fu /* 1.2 */
#define MIA_OP_LAST MIA_OP_FIRMWARE_UNLOCK

/* Identify pattern bits. */
#define MIA_IDENTIFY_BLINK 0x01u
#define MIA_IDENTIFY_BUZZ 0x02u

/* Capability bits, PROTOCOL.md 4.1. */
#define MIA_CAP_SHAKE 0x0001u
#define MIA_CAP_LID 0x0002u
#define MIA_CAP_LED 0x0004u
#define MIA_CAP_BUZZER 0x0008u
#define MIA_CAP_BATTERY 0x0010u
#define MIA_CAP_CONFIG_PERSIST 0x0020u
#define MIA_CAP_TELEMETRY 0x0040u /* 1.1 addition: the Telemetry characteristic */
#define MIA_CAP_FIRMWARE_UPDATE 0x0080u /* 1.1 addition: the SMP service (PROTOCOL.md 9) */
#define MIA_CAP_ACKED_WRITES 0x0100u /* 1.1 porting note: writes acked by the stack (10.1) */

/* State flag bits, PROTOCOL.md 4.3. */
#define MIA_STATE_LID_OPEN 0x01u
#define MIA_STATE_SHAKING 0x02u
#define MIA_STATE_CHARGING 0x04u
#define MIA_STATE_OWNED 0x08u  /* 1.1: the cup has an owner */
#define MIA_STATE_PROVEN 0x10u /* 1.1: this connection has proven it */
#define MIA_BATTERY_UNKNOWN 0xFFu

/* Advertising service data flag bits, PROTOCOL.md 3. */
#define MIA_ADVERT_OWNED 0x01u

typedef struct {
    uint8_t protocol_major;
    uint8_t protocol_minor;
    uint8_t fw_major;
    uint8_t fw_minor;
    uint8_t fw_patch;
    uint16_t capabilities;
    uint8_t device_id[8];
    uint16_t log_capacity;
} mia_info;

/* A decoded Events frame: the logged event (shake_ended: value[0] duration ms, value[1] peak
 * mg; lid_closed: value[0] open ms; booted: value[0] boot id) and, for a type this version does
 * not know, its payload. has_boot_id is 0 for a 1.0 `booted` (7..10 bytes) and for every
 * other type. */
typedef struct {
    mia_event ev;
    uint8_t has_boot_id;
    uint8_t payload_len;
    uint8_t payload[MIA_FRAME_MAX - MIA_EVENT_HEADER_LEN];
} mia_event_frame;

typedef struct {
    uint8_t flags; /* MIA_STATE_* bits; a decoder keeps reserved bits as read */
    uint8_t battery_pct; /* 0..100 or MIA_BATTERY_UNKNOWN */
    uint16_t last_seq;
    uint32_t t_ms;
    uint16_t shake_count;
    uint16_t lid_open_count;
    uint16_t oldest_seq;
    uint32_t boot_id;    /* 1.1 */
    uint8_t has_boot_id; /* 0: a 1.0 State (14 bytes) */
} mia_state;

typedef struct {
    uint16_t shake_threshold_mg; /* 100..8000 */
    uint16_t shake_min_ms;       /* 50..5000 */
    uint16_t shake_gap_ms;       /* 20..2000 (1.1; 1.0 allowed 0) */
    uint16_t lid_debounce_ms;    /* 5..2000 */
    uint16_t idle_sleep_s;       /* 0, or 30..43200 */
} mia_config;

typedef struct {
    uint8_t opcode;
    uint8_t request_id;
    uint8_t pattern;      /* identify */
    uint16_t duration_ms; /* identify */
    uint16_t since_seq;   /* replay_since */
    mia_config config;    /* write_config */
    uint8_t auth[MIA_AUTH_LEN]; /* auth_prove: the answer; claim: the owner key; 1.2:
                                 * auth_cup_proof: the nonce; claim_begin / claim_key: half the
                                 * app's public key; claim_confirm: the app's confirmation */
    uint8_t seconds;      /* telemetry_start: the limit, 1..60 */
    uint8_t tag[MIA_TAG_LEN]; /* 1.2: the tag after a sealable request's arguments */
    uint8_t has_tag;          /* 0: the frame had no 8 bytes for it */
} mia_control;

typedef struct {
    uint8_t opcode;
    uint8_t request_id;
    uint8_t status;     /* mia_status */
    uint16_t first_seq; /* replay_since, ok */
    uint16_t count;     /* replay_since, ok */
    mia_config config;  /* read_config / write_config, ok */
    uint8_t auth[MIA_AUTH_LEN]; /* ok: auth_challenge: the challenge; 1.2: auth_cup_proof: the
                                 * cup's proof; claim_begin / claim_key: half the cup's public
                                 * key; claim_confirm: the cup's confirmation */
    uint16_t rate_hz;   /* telemetry_start, ok: 1..100 */
    uint8_t seconds;    /* telemetry_start, ok: the limit in effect, 1..60 */
    uint16_t frames;    /* telemetry_stop, ok: frames the stream had */
    uint8_t tag[MIA_TAG_LEN]; /* 1.2: release, ok: the cup's tag after a sealed release */
    uint8_t has_tag;
} mia_reply;

/* Telemetry (PROTOCOL.md 4.7, a 1.1 addition): kinds, lengths, end reasons, limits. */
#define MIA_TLM_ACCEL 0x01u
#define MIA_TLM_ACCEL2 0x02u
#define MIA_TLM_LID 0x03u
#define MIA_TLM_END 0x04u
#define MIA_TLM_HEADER_LEN 7u
#define MIA_TLM_ACCEL_LEN 13u
#define MIA_TLM_ACCEL2_LEN 20u
#define MIA_TLM_LID_LEN 10u
#define MIA_TLM_END_LEN 8u
#define MIA_TLM_END_STOP 0u
#define MIA_TLM_END_LIMIT 1u
#define MIA_TLM_END_OTHER 2u
#define MIA_TLM_MAX_SECONDS 60u
#define MIA_TLM_MAX_RATE_HZ 100u

/* A Telemetry frame. accel: xyz[0]; accel2: xyz[0], xyz[1] interval_ms apart; lid: open,
 * reading; end: reason; a kind this version does not know: its payload. */
typedef struct {
    uint16_t seq;
    uint8_t kind;
    uint32_t t_ms;
    uint8_t interval_ms;
    int16_t xyz[2][3];
    uint8_t open;
    uint16_t reading;
    uint8_t reason;
    uint8_t payload_len;
    uint8_t payload[MIA_FRAME_MAX - MIA_TLM_HEADER_LEN];
} mia_telemetry_frame;

/* Service data of the scan response (PROTOCOL.md 3), keyed by the Mia Cup service UUID. */
typedef struct {
    uint8_t flags; /* MIA_ADVERT_OWNED; a decoder keeps reserved bits as read */
    uint8_t device_id[8];
} mia_advert;

/* "too_long", "truncated", ... as in PROTOCOL.md; "accept" for MIA_ACCEPT. */
const char *mia_reason_name(mia_reason reason);
/* "ok", "unknown_opcode", ...; 0 (NULL) for a code not in the table. */
const char *mia_status_name(uint8_t status);

mia_config mia_config_default(void);
/* The first field out of range, in offset order: MIA_REASON_BAD_VALUE; else MIA_ACCEPT. */
mia_reason mia_config_check(const mia_config *cfg);

size_t mia_encode_info(const mia_info *info, uint8_t out[MIA_FRAME_MAX]);
size_t mia_encode_event(const mia_event *ev, uint8_t out[MIA_FRAME_MAX]);
size_t mia_encode_state(const mia_state *st, uint8_t out[MIA_FRAME_MAX]);
size_t mia_encode_config(const mia_config *cfg, uint8_t out[MIA_CONFIG_LEN]);
/* An error reply is 3 bytes; an ok reply carries the opcode's result. */
size_t mia_encode_reply(const mia_reply *reply, uint8_t out[MIA_FRAME_MAX]);
size_t mia_encode_control(const mia_control *c, uint8_t out[MIA_FRAME_MAX]);

mia_reason mia_decode_info(const uint8_t *buf, size_t len, mia_info *out);
mia_reason mia_decode_event(const uint8_t *buf, size_t len, mia_event_frame *out);
mia_reason mia_decode_state(const uint8_t *buf, size_t len, mia_state *out);
/* A Config record on its own (no 20-byte limit: the frame around it has one). */
mia_reason mia_decode_config(const uint8_t *buf, size_t len, mia_config *out);
mia_reason mia_decode_reply(const uint8_t *buf, size_t len, mia_reply *out);
/* The cup's reading of a Control write, PROTOCOL.md 4.4 steps 1-5. On a rejection,
 * out->opcode and out->request_id are still filled in when the frame has them (len >= 2). A
 * sealable request (1.2) with 8 bytes after its arguments has them in out->tag. */
mia_reason mia_decode_control(const uint8_t *buf, size_t len, mia_control *out);
/* The length of a Control request of this opcode without its tag, or 0 for an unknown one. */
size_t mia_control_len(uint8_t opcode);
/* Nonzero for the requests a cup with an owner takes only sealed (1.2: write_config, release,
 * telemetry_start, telemetry_stop, firmware_unlock). */
int mia_op_sealable(uint8_t opcode);

/* The advertising service data: 9 bytes; reading it, shorter is truncated, more than 13 bytes
 * too long (the 20-byte frame limit does not apply). */
size_t mia_encode_advert(const mia_advert *ad, uint8_t out[MIA_ADVERT_LEN]);
mia_reason mia_decode_advert(const uint8_t *buf, size_t len, mia_advert *out);

/* Telemetry frames (1.1 addition). The encoder writes accel, accel2, lid and end frames (and an
 * unknown kind with its payload, for tests). */
size_t mia_encode_telemetry(const mia_telemetry_frame *f, uint8_t out[MIA_FRAME_MAX]);
mia_reason mia_decode_telemetry(const uint8_t *buf, size_t len, mia_telemetry_frame *out);

/* The short code of a device id (PROTOCOL.md 3): its last two bytes as four uppercase hex
 * digits and a terminating zero, e.g. "3F2A" for a1b2c3d4e5f63f2a. Names: "Mia 3F2A" in the
 * advertising data, "Mia Cup 3F2A" as the GAP device name. */
void mia_short_code(const uint8_t device_id[8], char out[5]);

/* The Reply status for a rejected Control write (MIA_STATUS_OK for MIA_ACCEPT). For a write
 * shorter than 2 bytes there is no Reply: the cup answers with the ATT error
 * MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH instead (see mia_cup_control_write). */
mia_status mia_status_for_reason(mia_reason reason);

/* Little-endian helpers. */
uint16_t mia_get_u16(const uint8_t *p);
uint32_t mia_get_u32(const uint8_t *p);
void mia_put_u16(uint8_t *p, uint16_t v);
void mia_put_u32(uint8_t *p, uint32_t v);

/* Byte helpers (the core links no C library): copy n bytes; set n bytes to 0 (a secret is
 * wiped with mia_wipe, which the compiler cannot drop). */
void mia_copy(uint8_t *dst, const uint8_t *src, size_t n);
void mia_zero(uint8_t *dst, size_t n);

#endif
