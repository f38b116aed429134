/*
 * Internal to the core (mia_cup.c, mia_link.c, mia_control.c, mia_owner.c): ownership's
 * requests, PROTOCOL.md 4.4 and section 6. The 1.1 proof and claim, and 1.2's mutual proof,
 * sealed requests and the claim by key agreement and gesture. A port includes mia_cup.h only.
 */
#ifndef MIA_OWNER_H
#define MIA_OWNER_H

#include "mia_cup.h"

/* A claim_confirm whose Reply waits for the gesture: no Reply is queued now. */
#define MIA_OWNER_DEFERRED 0xFFu

/* What mia_control.c lends the owner's code. */
void mia_cup_queue_reply_(mia_cup *cup, const mia_reply *r);
uint8_t mia_cup_identify_(mia_cup *cup, uint8_t asked, uint16_t duration_ms);
/* What mia_cup.c lends the owner's and the Control code. */
void mia_cup_random_(mia_cup *cup, uint8_t *buf, size_t len);
/* The Config in effect: the detectors take its thresholds. */
void mia_cup_apply_config_(mia_cup *cup);
/* (mia_peers.c) A claim begins (1) or ends (0) its wait for the gesture. */
void mia_cup_claim_wait_(mia_cup *cup, int waiting);

/* A request of ownership's, after the frame checks and the proof check: its status (the Reply's
 * result in r), or MIA_OWNER_DEFERRED. */
uint8_t mia_owner_request(mia_cup *cup, const mia_control *c, mia_reply *r);

/* 1.2: a sealed request on a cup with an owner carries the right tag (counted); else the proof
 * is withdrawn and the denial counts. Nonzero when it may be carried out. */
int mia_owner_seal_ok(mia_cup *cup, const mia_control *c, const uint8_t *frame);

/* The connection lost its proof (a denied auth_prove or tag): no session, SMP locked, a
 * telemetry stream ends. */
void mia_owner_withdraw(mia_cup *cup);

/* The connection came up or went down: its challenge, nonce, session and claim start over. */
void mia_owner_link(mia_cup *cup, int connected);

/* A lid_opened or a shake_started was logged (or a claim button pressed): a claim waiting for
 * its gesture is confirmed. */
void mia_owner_gesture(mia_cup *cup);

/* Time passes: a claim waiting longer than MIA_CLAIM_GESTURE_MS gets no_gesture. */
void mia_owner_tick(mia_cup *cup, uint32_t now_ms);

/* release on a cup with an owner (proven and sealed): the cup's tag on its ok Reply, then the
 * owner is forgotten. */
void mia_owner_release(mia_cup *cup, mia_reply *r);

#endif
