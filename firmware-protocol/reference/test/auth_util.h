/* The ownership tests' cup and app (test_auth_util.c), shared by test_auth*.c. */
#ifndef MIA_AUTH_UTIL_H
#define MIA_AUTH_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "../src/mia_cup.h"

extern const uint8_t auth_key_a[16];
extern const uint8_t auth_key_b[16];
extern uint8_t auth_stored_key[16];
extern int auth_stored; /* 1: a key is in "flash" */
extern int auth_owner_changed_calls;
extern int auth_replies_queued_when_stored;
extern int auth_identify_calls;
extern uint8_t auth_identify_pattern;
extern uint16_t auth_identify_ms;
extern uint8_t auth_woke_; /* nonzero: the next boot() wakes from sleep */

void auth_on_owner_changed(void *ctx, const uint8_t *key);
void auth_boot(const uint8_t *owner_key, uint32_t seed, uint32_t now);
void auth_connect(uint32_t now);
uint8_t auth_request(uint32_t now, uint8_t op, const uint8_t *args, size_t n_args,
                     uint8_t reply[MIA_FRAME_MAX], size_t *reply_len);
uint8_t auth_simple(uint32_t now, uint8_t op);
uint8_t auth_replay_since(uint32_t now, uint16_t since);
void auth_challenge(uint32_t now, uint8_t out[16]);
uint8_t auth_prove_with(uint32_t now, const uint8_t key[16], const uint8_t ch[16]);
uint8_t auth_claim(uint32_t now, const uint8_t key[16]);
mia_state auth_read_state(uint32_t now);
int auth_advert_owned(void);
int auth_drain_events(uint32_t now, uint16_t *last_seq);
void auth_lid_at(uint32_t t, uint16_t open);

/* The short names the tests use (as cup_ for test_cup_). */
#define key_a auth_key_a
#define key_b auth_key_b
#define stored_key auth_stored_key
#define stored auth_stored
#define owner_changed_calls auth_owner_changed_calls
#define replies_queued_when_stored auth_replies_queued_when_stored
#define identify_calls auth_identify_calls
#define identify_pattern auth_identify_pattern
#define identify_ms auth_identify_ms
#define woke_ auth_woke_
#define on_owner_changed auth_on_owner_changed
#define boot(owner_key, seed, now) auth_boot(owner_key, seed, now)
#define connect(now) auth_connect(now)
#define request(now, op, args, n_args, reply, reply_len)                                       \
    auth_request(now, op, args, n_args, reply, reply_len)
#define simple(now, op) auth_simple(now, op)
#define replay_since(now, since) auth_replay_since(now, since)
#define challenge(now, out) auth_challenge(now, out)
#define prove_with(now, key, ch) auth_prove_with(now, key, ch)
#define claim(now, key) auth_claim(now, key)
#define read_state(now) auth_read_state(now)
#define advert_owned() auth_advert_owned()
#define drain_events(now, last_seq) auth_drain_events(now, last_seq)
#define lid_at(t, open) auth_lid_at(t, open)

#endif
