/*
 * The cup: shake detector + lid detector + event log + protocol 1.2 (with ownership: the mutual
 * proof, sealed requests, the claim by key agreement and gesture), behind the few calls a board
 * makes. This is the only header a port needs to include.
 *
 *   Board -> core                          Core -> board
 *   mia_cup_init            at boot         setup.random(buf, len)         random bytes (RNG)
 *   mia_cup_accel / _fifo   each sample     setup.identify(pattern, ms)    blink / buzz
 *   mia_cup_lid             each reading    setup.config_changed(cfg)      store it in flash
 *   mia_cup_tick            every 10-50 ms  setup.owner_changed(key/NULL)  store / erase it
 *   mia_cup_connected / mia_cup_subscribe   mia_cup_next_notification      frames to notify
 *   mia_cup_control_write   a write to Control (returns 0 or an ATT error)
 *   mia_cup_should_disconnect               nonzero: end the link now (ownership, 6)
 *   mia_cup_read_info / mia_cup_read_state  reads of Info / State
 *   mia_cup_read_advert     the scan response's service data (owner flag + device id)
 *   mia_cup_forget_owner    a reset button (the lid reset gesture needs no call)
 *   mia_cup_claim_button    a claim button (the lid or a shake confirm a claim without it)
 *   mia_cup_smp_allowed     whether the SMP service may answer now (PROTOCOL.md 9.1)
 *   mia_cup_set_battery     when measured
 *
 * Telemetry (1.1 addition): with MIA_CAP_TELEMETRY in setup.capabilities the cup answers
 * telemetry_start / telemetry_stop and streams the readings it is fed on MIA_CHR_TELEMETRY.
 *
 * Times are ms since boot (u32, wrapping). Call everything from one context (one task, or the
 * main loop), or guard the cup with a mutex: the core has no locks of its own.
 *
 * Portable C99, no heap, no OS, no board headers.
 */
#ifndef MIA_CUP_H
#define MIA_CUP_H

#include <stddef.h>
#include <stdint.h>

#include "mia_codec.h"
#include "mia_keys.h"
#include "mia_lid.h"
#include "mia_log.h"
#include "mia_peers.h"
#include "mia_shake.h"
#include "mia_telemetry.h"

#ifndef MIA_REPLY_QUEUE
#define MIA_REPLY_QUEUE 4u
#endif
#define MIA_STATE_MIN_INTERVAL_MS 50u
/* A sample whose deviation from 1 g is at least this counts as motion for idle sleep. */
#define MIA_MOTION_MG 150u
/* Ownership, PROTOCOL.md section 6. */
#define MIA_UNPROVEN_DROP_MS 5000u      /* 1.2: an unproven connection is dropped */
#define MIA_UNPROVEN_DROP_1_1_MS 10000u /* a 1.1 board: one to a cup with an owner */
#define MIA_DENIED_DROP 3u              /* ... or at this many denied auth_prove or tags */
#define MIA_RESET_HOLD_MS 5000u     /* lid open from boot this long: forget the owner */
#define MIA_RESET_IDENTIFY_MS 2000u /* the confirmation: blink and buzz this long */
#define MIA_REPLY_MAX_LEN 19u       /* the longest Reply: auth_challenge ok */
#define MIA_CLAIM_GESTURE_MS 10000u /* 1.2: a claim waits this long for the lid or a shake */
#define MIA_CLAIM_BLINK_MS 200u     /* ... and says "taken" with a short blink */
/* A claim (mia_cup.claim.phase), PROTOCOL.md 4.4. */
#define MIA_CLAIM_NONE 0u
#define MIA_CLAIM_BEGUN 1u   /* claim_begin: the cup's key pair is drawn */
#define MIA_CLAIM_KEYED 2u   /* claim_key: both sides hold the owner key */
#define MIA_CLAIM_WAITING 3u /* claim_confirm: waiting for the gesture, its Reply held */
/* The reset gesture (mia_cup.reset_gesture). */
#define MIA_RESET_WAITING 0u /* since boot: the first lid state is not believed yet */
#define MIA_RESET_ARMED 1u   /* the lid has been open since boot: forget the owner at 5 s */
#define MIA_RESET_OFF 2u     /* decided (done, or the lid was closed) */

typedef enum {
    MIA_CHR_NONE = 0,
    MIA_CHR_EVENTS = 1,
    MIA_CHR_STATE = 2,
    MIA_CHR_REPLY = 3,
    MIA_CHR_TELEMETRY = 4 /* 1.1 addition */
} mia_chr;
#define MIA_CHR_COUNT 5u

typedef struct {
    /* Info */
    uint8_t fw_major;
    uint8_t fw_minor;
    uint8_t fw_patch;
    uint16_t capabilities; /* MIA_CAP_* */
    uint8_t device_id[8];
    /* Sensors */
    uint16_t accel_rate_hz; /* output data rate; used by mia_cup_accel_fifo */
    mia_lid_config lid;     /* mode and levels; its debounce comes from the Config */
    /* Ownership: the owner key read back from non-volatile memory at boot (16 bytes, copied by
     * mia_cup_init), or 0 (NULL) when the cup has no owner. */
    const uint8_t *owner_key;
    /* Nonzero when this boot is a wake from deep sleep, not a power-on or a reset: the reset
     * gesture is off then (a player who wakes the cup by lifting it and looks for 5 s must not
     * reset it). nRF52: RESETREAS.OFF; ESP32: esp_sleep_get_wakeup_cause() != UNDEFINED. */
    uint8_t woke_from_sleep;
    /* The protocol minor the cup speaks: 0 (the newest, 1.2) or 2; 1 for a board that speaks
     * 1.1 (its proof and claim, nothing sealed): only to test an app against an older cup. */
    uint8_t protocol_minor;
    /* Hooks (each may be 0) */
    /* Blink (pattern bit 0) and/or buzz (bit 1) for duration_ms, restarting if running. */
    void (*identify)(void *ctx, uint8_t pattern, uint16_t duration_ms);
    /* Store the Config (only with MIA_CAP_CONFIG_PERSIST). */
    void (*config_changed)(void *ctx, const mia_config *cfg);
    /* Fill buf with len random bytes: the boot id at init, a challenge per connection. Use a
     * hardware RNG (nRF RNG / CRACEN, ESP32 esp_fill_random, Zephyr sys_csrand_get); block until
     * the bytes are there. Without it the boot id is 0 and the cup cannot be owned: a claim is
     * denied and no proof is ever accepted (a predictable challenge would let anyone replay). */
    void (*random)(void *ctx, uint8_t *buf, size_t len);
    /* The owner key changed: key points to the new 16-byte key (claim), or is 0 (NULL) when the
     * cup has no owner any more (release, the reset gesture, mia_cup_forget_owner). Write it to
     * non-volatile memory (or erase it) BEFORE returning: the Reply that says `ok` is queued
     * after this returns. Also refresh the advertising service data (mia_cup_read_advert).
     * Without this hook the key lives in RAM only and a reboot forgets the owner. */
    void (*owner_changed)(void *ctx, const uint8_t *key);
    void *ctx;
} mia_cup_setup;

/* A claim under way on this connection (1.2, PROTOCOL.md 4.4). */
typedef struct {
    uint8_t phase;      /* MIA_CLAIM_* */
    uint8_t request_id; /* of the claim_confirm whose Reply waits for the gesture */
    uint32_t since_ms;  /* when it began to wait */
    uint8_t priv[MIA_X25519_LEN];    /* the cup's private key, until claim_key */
    uint8_t cup_pub[MIA_X25519_LEN]; /* the cup's public key */
    uint8_t app_pub[MIA_X25519_LEN]; /* the app's public key (its first half, then all) */
    uint8_t key[MIA_AUTH_LEN];       /* the owner key both sides agreed */
} mia_claim;

typedef struct {
    mia_cup_setup setup; /* setup.owner_key is not kept (0 after init): see owner_key below */
    mia_config config;
    mia_shake shake;
    mia_lid lid;
    mia_log log;
    uint32_t now_ms;
    uint32_t lid_opened_ms;
    uint32_t last_motion_ms;
    uint16_t shake_count;
    uint16_t lid_open_count;
    uint8_t battery_pct;
    uint8_t charging;
    uint8_t connected;
    uint8_t subscribed[MIA_CHR_COUNT]; /* by mia_chr */
    /* Events stream: the next sequence number to notify, and the end of a running replay. */
    uint16_t send_seq;
    uint16_t replay_end;
    uint8_t replaying;
    /* Replies waiting to be notified, encoded. */
    uint8_t replies[MIA_REPLY_QUEUE][MIA_REPLY_MAX_LEN];
    uint8_t reply_len[MIA_REPLY_QUEUE];
    uint8_t reply_head;
    uint8_t reply_count;
    uint16_t replies_dropped;
    /* This boot. */
    uint32_t boot_ms;
    uint32_t boot_id;
    /* Ownership (PROTOCOL.md 6): the owner key, and the connection's proof. */
    uint8_t owner_key[MIA_AUTH_LEN];
    uint8_t owned;
    uint8_t proven;          /* this connection proved the owner key (or claimed), and no
                              * auth_prove has been denied since (a release keeps it) */
    uint8_t challenge_asked; /* auth_challenge was asked since the challenge was drawn */
    uint8_t denied;          /* denied auth_prove on this connection, with or without owner */
    uint8_t challenge[MIA_AUTH_LEN];
    uint32_t unproven_from_ms; /* the 5 s count from: the connection, or the end of the wait
                                * of its first claim (mia_peers.c) */
    /* Protocol 1.2: the minor spoken, the app's nonce, the session and its count of sealed
     * requests, the SMP unlock, a claim under way. */
    uint8_t minor;
    uint8_t nonce_given;  /* auth_cup_proof was answered since the challenge was drawn */
    uint8_t has_session;  /* the connection is proven and holds a session key */
    uint8_t smp_unlocked; /* firmware_unlock, since the proof */
    uint8_t nonce[MIA_AUTH_LEN];
    uint8_t session[MIA_AUTH_LEN];
    uint32_t sealed;      /* sealed requests accepted in this session */
    mia_claim claim;
    uint8_t claim_held;    /* this connection's first claim: 1 waits for its gesture, 2 ended */
    mia_peers peers;       /* who is connected, and the strangers kept waiting */
    uint8_t reset_gesture; /* the lid-open-at-boot reset: MIA_RESET_* above */
    /* State notification: the last one sent, and when. */
    mia_state state_sent;
    uint32_t state_sent_ms;
    uint8_t state_sent_valid;
    /* Telemetry (1.1 addition): the stream of raw readings. */
    mia_telemetry telemetry;
} mia_cup;

/* Boots the cup: draws the boot id (setup->random) and logs `booted` (sequence 0) with it at
 * now_ms. stored_config may be 0 (NULL) for the defaults, or the Config read back from flash
 * (ignored if out of range). setup->owner_key is the stored owner key or 0 (NULL). */
void mia_cup_init(mia_cup *cup, const mia_cup_setup *setup, const mia_config *stored_config,
                  uint32_t now_ms);

/* One accelerometer sample (milli-g) taken at now_ms. */
void mia_cup_accel(mia_cup *cup, uint32_t now_ms, int16_t x, int16_t y, int16_t z);

/* n samples from the accelerometer FIFO, oldest first, the last one taken at last_ms; the
 * times of the others are derived from setup.accel_rate_hz. */
void mia_cup_accel_fifo(mia_cup *cup, uint32_t last_ms, const int16_t (*xyz)[3], size_t n);

/* One lid sensor reading (digital 0/1, or the analog level) taken at now_ms. */
void mia_cup_lid(mia_cup *cup, uint32_t now_ms, uint16_t reading);

/* Lets time pass: ends a shake after its gap, confirms a debounced lid change, releases a
 * coalesced State. Call at least every 50 ms while awake (and before sleeping). */
void mia_cup_tick(mia_cup *cup, uint32_t now_ms);

void mia_cup_set_battery(mia_cup *cup, uint8_t percent, int charging);

/* The link came up or went down at now_ms. Either way subscriptions, pending replies, a
 * running replay and the connection's proof are cleared (events keep being logged); coming up
 * draws the connection's challenge and starts its 5 s to prove ownership or start a claim.
 * peer: the central's Bluetooth address (MIA_PEER_ADDR_LEN bytes) when the link comes up, or
 * 0 when the board cannot tell (then no one is kept waiting). A stranger the cup dropped for
 * being unproven is refused for a back-off (mia_peers.h): mia_cup_should_disconnect says so at
 * once. One that leaves first, when the cup would have dropped it (unproven, no claim waiting
 * for its gesture), counts as dropped 2 s before. The owner's address (the last to prove the
 * key) is never refused. */
void mia_cup_connected(mia_cup *cup, uint32_t now_ms, int connected, const uint8_t *peer);

/* The central enabled or disabled notifications on Events, State, Reply or Telemetry (its
 * CCCD). */
void mia_cup_subscribe(mia_cup *cup, mia_chr chr, int enabled);

/* A Write Request on Control. Returns 0 to answer it with success (a Reply is then queued),
 * or an ATT error code (MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH when the write is too
 * short to carry a request id; no Reply). */
uint8_t mia_cup_control_write(mia_cup *cup, uint32_t now_ms, const uint8_t *buf, size_t len);

/* Nonzero when the board must end the connection now (PROTOCOL.md 6): a refused peer (above);
 * or the connection has not proven the owner key nor claimed the cup (or lost its proof to a
 * denial), and either MIA_UNPROVEN_DROP_MS have passed since it was made (not while a claim
 * waits for its gesture) or it had its third denied auth_prove or tag. A board that speaks 1.1:
 * only on a cup with an owner, after 10 s. Check it after draining the notifications (so the
 * `denied` Reply goes out first) and on every tick while connected (mia_cup_busy stays nonzero
 * while such a connection is up); then disconnect and call mia_cup_connected(.., 0, 0). */
int mia_cup_should_disconnect(const mia_cup *cup, uint32_t now_ms);

/* Forgets the owner now (for a board with a reset button instead of a lid sensor; the reset
 * gesture and `release` call it too): setup.owner_changed(ctx, 0) if there was an owner, and
 * the connection is no longer proven.
 *
 * The reset gesture (PROTOCOL.md 6) needs no call of its own: when the first lid state after
 * mia_cup_init is open and the lid stays open (no closed run that holds the debounce) until
 * MIA_RESET_HOLD_MS after boot, the cup forgets its owner and confirms with
 * setup.identify(blink | buzz, MIA_RESET_IDENTIFY_MS). Feed the first lid reading right after
 * mia_cup_init, and keep ticking while mia_cup_busy() (it is for those 5 s). */
void mia_cup_forget_owner(mia_cup *cup);

/* A press of a claim button (1.2): it confirms a claim that waits for its gesture, like the lid
 * lifted or a shake. For a board without a lid sensor or an accelerometer, or with a button of
 * its own. Nothing happens when no claim waits. */
void mia_cup_claim_button(mia_cup *cup, uint32_t now_ms);

/* Nonzero while a claim waits for its gesture (the cup blinks): a board may show it. */
int mia_cup_claim_waiting(const mia_cup *cup);

/* Nonzero when the SMP service (PROTOCOL.md 9.1) may answer on the current connection: 1.2, the
 * connection proved the owner key and sent a sealed firmware_unlock since; a 1.1 board, the
 * connection proved the owner key, or the cup has no owner. Refuse every SMP request otherwise
 * (MCUmgr MGMT_ERR_EACCESS). */
int mia_cup_smp_allowed(const mia_cup *cup);

/* Reads. Each returns the frame length. */
size_t mia_cup_read_info(const mia_cup *cup, uint8_t out[MIA_FRAME_MAX]);
size_t mia_cup_read_state(const mia_cup *cup, uint32_t now_ms, uint8_t out[MIA_FRAME_MAX]);
mia_state mia_cup_state(const mia_cup *cup, uint32_t now_ms);
/* The Service Data payload of the scan response (PROTOCOL.md 3): the owner flag and the device
 * id, 9 bytes, after the 16 bytes of the service UUID (AD type 0x21). */
size_t mia_cup_read_advert(const mia_cup *cup, uint8_t out[MIA_ADVERT_LEN]);

/* The next notification due (Reply first, then Events in sequence order, then State, then
 * Telemetry), or 0
 * when nothing is due. *chr says which characteristic it goes to. Returning a frame commits
 * it: if the BLE stack cannot take it right now, keep the bytes and retry them before asking
 * for the next one. */
size_t mia_cup_next_notification(mia_cup *cup, uint32_t now_ms, mia_chr *chr,
                                 uint8_t out[MIA_FRAME_MAX]);

/* Nonzero when the cup may go to deep sleep: Config idle sleep is not 0, nothing is
 * connected, and there has been no motion and nothing pending for idle_sleep_s seconds. */
int mia_cup_may_sleep(const mia_cup *cup, uint32_t now_ms);

/* Nonzero while something time-based is pending (a shake, a lid change being debounced, a
 * notification, an unproven connection's 5 s): keep calling mia_cup_tick. */
int mia_cup_busy(const mia_cup *cup);

#endif
