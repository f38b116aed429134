/*
 * Codec for the Mia Cup GATT protocol 1.0 (firmware-protocol/PROTOCOL.md), byte for byte.
 *
 * Encoders write into a caller's buffer of MIA_FRAME_MAX bytes and return the frame length.
 * Decoders never read past `len`, never write outside their output struct, and return the
 * first rejection reason in the order of PROTOCOL.md section 5 (MIA_ACCEPT when the frame is
 * good). The cup itself only needs to encode Info, Events, State and Reply and to decode
 * Control (with the Config record inside it); the other directions are here too so that the
 * host tests can check every golden vector both ways, and a board's own test tools can use them.
 *
 * Portable C99, no heap, no OS.
 */
#ifndef MIA_CODEC_H
#define MIA_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "mia_log.h"

#define MIA_PROTOCOL_MAJOR 1u
#define MIA_PROTOCOL_MINOR 0u
#define MIA_FRAME_MAX 20u

/* Frame lengths (protocol 1.0). */
#define MIA_INFO_LEN 17u
#define MIA_EVENT_HEADER_LEN 7u
#define MIA_EVENT_LONG_LEN 11u /* shake_ended, lid_closed */
#define MIA_STATE_LEN 14u
#define MIA_CONFIG_LEN 10u
#define MIA_CONTROL_HEADER_LEN 2u
#define MIA_REPLY_HEADER_LEN 3u

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
    MIA_STATUS_NOT_SUPPORTED = 0x05
} mia_status;
#define MIA_STATUS_LAST MIA_STATUS_NOT_SUPPORTED

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

/* State flag bits, PROTOCOL.md 4.3. */
#define MIA_STATE_LID_OPEN 0x01u
#define MIA_STATE_SHAKING 0x02u
#define MIA_STATE_CHARGING 0x04u
#define MIA_BATTERY_UNKNOWN 0xFFu

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
 * mg; lid_closed: value[0] open ms) and, for a type this version does not know, its payload. */
typedef struct {
    mia_event ev;
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
} mia_state;

typedef struct {
    uint16_t shake_threshold_mg; /* 100..8000 */
    uint16_t shake_min_ms;       /* 50..5000 */
    uint16_t shake_gap_ms;       /* 0..2000 */
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
} mia_control;

typedef struct {
    uint8_t opcode;
    uint8_t request_id;
    uint8_t status;     /* mia_status */
    uint16_t first_seq; /* replay_since, ok */
    uint16_t count;     /* replay_since, ok */
    mia_config config;  /* read_config / write_config, ok */
} mia_reply;

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
 * out->opcode and out->request_id are still filled in when the frame has them (len >= 2). */
mia_reason mia_decode_control(const uint8_t *buf, size_t len, mia_control *out);

/* The Reply status for a rejected Control write (MIA_STATUS_OK for MIA_ACCEPT). For a write
 * shorter than 2 bytes there is no Reply: the cup answers with the ATT error
 * MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH instead (see mia_cup_control_write). */
mia_status mia_status_for_reason(mia_reason reason);

/* Little-endian helpers. */
uint16_t mia_get_u16(const uint8_t *p);
uint32_t mia_get_u32(const uint8_t *p);
void mia_put_u16(uint8_t *p, uint16_t v);
void mia_put_u32(uint8_t *p, uint32_t v);

#endif
