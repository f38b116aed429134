/* The golden vectors (the JSON files in firmware-protocol/vectors/) as a C table; the table itself is
 * generated at build time by tools/vectors-to-c.mjs into build/vectors_table.c. */
#ifndef MIA_VECTORS_H
#define MIA_VECTORS_H

#include <stddef.h>
#include <stdint.h>

#include "../src/mia_codec.h"

typedef enum {
    VF_INFO,
    VF_EVENT,
    VF_STATE,
    VF_CONTROL,
    VF_REPLY,
    VF_CONFIG,
    VF_ADVERT,
    VF_TELEMETRY
} vec_family;

#define VEC_NO_STATUS (-1)  /* no "status" key */
#define VEC_ATT_ERROR (-2)  /* "status": null: ATT error 0x0D, no Reply */

typedef struct {
    const char *file;
    const char *name;
    vec_family family;
    int app_to_cup;
    uint8_t bytes[24];
    size_t len;
    int accepted;
    int canonical;
    const char *reason; /* rejected: the reason name */
    int status;         /* rejected app->cup: a mia_status, VEC_ATT_ERROR, or VEC_NO_STATUS */
    /* Accepted: the decoded value, in the member of its family (one union: the table fits the
     * M0+ test build's 256 KiB of flash). */
    union {
        mia_info info;
        mia_event_frame event;
        mia_state state; /* flags holds only bits 0..4 */
        mia_control control;
        mia_reply reply;
        mia_config config;
        mia_advert advert; /* flags holds only bit 0 */
        mia_telemetry_frame telemetry;
    } d;
    int event_unknown;
    int battery_null;
    int reply_op_unknown;
    int telemetry_unknown;
} vec;

/* auth.json: answer = the first 16 bytes of HMAC-SHA256(key, challenge). */
typedef struct {
    const char *name;
    uint8_t key[16];
    uint8_t challenge[16];
    uint8_t answer[16];
} auth_vec;

/* ownership.json: one connection, step by step (vectors/README.md). */
#define OWN_MAX_CHALLENGES 8
#define OWN_MAX_STEPS 12

typedef struct {
    uint32_t at_ms;     /* after the connection was made */
    uint8_t write[24];  /* the Control write */
    size_t write_len;
    uint8_t reply[24];  /* the Reply the cup must notify */
    size_t reply_len;
    int owned;          /* State's flags after the Reply */
    int proven;
    int drop;           /* the cup ends the connection now */
} own_step;

typedef struct {
    const char *name;
    int has_owner;
    uint8_t owner_key[16];
    size_t challenge_count;
    uint8_t challenges[OWN_MAX_CHALLENGES][16];
    size_t step_count;
    own_step steps[OWN_MAX_STEPS];
} own_vec;

/* keys.json (1.2): one row per vector, the fields of its kind filled in. */
typedef enum { KV_PROOF, KV_SEAL, KV_REPLY_SEAL, KV_CLAIM } keys_kind;

typedef struct {
    const char *name;
    keys_kind kind;
    uint8_t key[16];     /* proof: the owner key; claim: the agreed owner key */
    uint8_t challenge[16];
    uint8_t nonce[16];
    uint8_t cup_proof[16];
    uint8_t app_proof[16];
    uint8_t session[16]; /* the session key (every kind) */
    uint32_t count;      /* seal, reply_seal */
    uint8_t frame[20];   /* seal: the request without its tag; reply_seal: the Reply's 3 bytes */
    size_t frame_len;
    uint8_t tag[8];
    uint8_t app_priv[32];
    uint8_t app_pub[32];
    uint8_t cup_priv[32];
    uint8_t cup_pub[32];
    uint8_t shared[32];
    uint8_t app_confirm[16];
    uint8_t cup_confirm[16];
} keys_vec;

/* session.json (1.2): one connection, step by step (vectors/README.md). */
#define SESS_MAX_RANDOM 4
#define SESS_MAX_STEPS 10
#define SESS_MAX_REPLIES 2

typedef struct {
    uint8_t bytes[24];
    size_t len;
} sess_frame;

typedef struct {
    uint32_t at_ms;    /* after the connection was made */
    uint8_t write[24]; /* a Control write (write_len > 0), */
    size_t write_len;
    int lid;           /* or a lid reading 0/1 (-1: none), or else a tick */
    size_t reply_count;
    sess_frame replies[SESS_MAX_REPLIES];
    int owned;
    int proven;
    int drop;
} sess_step;

typedef struct {
    const char *name;
    int has_owner;
    uint8_t owner_key[16];
    uint8_t random[SESS_MAX_RANDOM * 32];
    size_t random_len;
    size_t step_count;
    sess_step steps[SESS_MAX_STEPS];
} sess_vec;

extern const vec vectors[];
extern const size_t vector_count;
extern const auth_vec auth_vectors[];
extern const size_t auth_vector_count;
extern const own_vec own_vectors[];
extern const size_t own_vector_count;
extern const keys_vec keys_vectors[];
extern const size_t keys_vector_count;
extern const sess_vec sess_vectors[];
extern const size_t sess_vector_count;

#endif
