/* Room for the owner: who is dropped, and who is let in again when. See mia_peers.h. */
#include "mia_peers.h"

#include "mia_owner.h"

static int same(const uint8_t *a, const uint8_t *b)
{
    size_t i;
    for (i = 0; i < MIA_PEER_ADDR_LEN; i++) {
        if (a[i] != b[i]) {
            return 0;
        }
    }
    return 1;
}

static void put(uint8_t *dst, const uint8_t *src)
{
    size_t i;
    for (i = 0; i < MIA_PEER_ADDR_LEN; i++) {
        dst[i] = src == 0 ? 0u : src[i];
    }
}

static int is_owner(const mia_peers *p, const uint8_t *addr)
{
    return p->has_owner && same(p->owner, addr);
}

static mia_stranger *find(mia_peers *p, const uint8_t *addr)
{
    unsigned i;
    for (i = 0; i < MIA_PEERS; i++) {
        if (p->strangers[i].drops > 0 && same(p->strangers[i].addr, addr)) {
            return &p->strangers[i];
        }
    }
    return 0;
}

/* A free place, or the place of the stranger dropped longest ago. */
static mia_stranger *place(mia_peers *p, uint32_t now_ms)
{
    mia_stranger *s = &p->strangers[0];
    unsigned i;
    for (i = 0; i < MIA_PEERS; i++) {
        mia_stranger *t = &p->strangers[i];
        if (t->drops == 0) {
            return t;
        }
        if (now_ms - t->dropped_ms > now_ms - s->dropped_ms) {
            s = t;
        }
    }
    return s;
}

void mia_peers_init(mia_peers *p)
{
    unsigned i;
    for (i = 0; i < MIA_PEERS; i++) {
        put(p->strangers[i].addr, 0);
        p->strangers[i].drops = 0;
        p->strangers[i].dropped_ms = 0;
    }
    put(p->owner, 0);
    put(p->peer, 0);
    p->has_owner = 0;
    p->has_peer = 0;
    p->refused = 0;
}

uint32_t mia_peers_backoff(uint8_t drops)
{
    uint32_t ms = MIA_BACKOFF_MS;
    unsigned i;
    for (i = 1; i < drops && ms < MIA_BACKOFF_MAX_MS; i++) {
        ms *= 2u;
    }
    return ms < MIA_BACKOFF_MAX_MS ? ms : MIA_BACKOFF_MAX_MS;
}

void mia_peers_connect(mia_peers *p, const uint8_t *addr, uint32_t now_ms)
{
    const mia_stranger *s;
    p->has_peer = addr != 0;
    put(p->peer, addr);
    p->refused = 0;
    if (addr == 0 || is_owner(p, addr)) {
        return;
    }
    s = find(p, addr);
    p->refused = s != 0 && now_ms - s->dropped_ms < mia_peers_backoff(s->drops);
}

void mia_peers_end(mia_peers *p, int dropped, uint32_t now_ms)
{
    if (dropped && p->has_peer && !p->refused && !is_owner(p, p->peer)) {
        mia_stranger *s = find(p, p->peer);
        if (s == 0) {
            s = place(p, now_ms + MIA_BACKOFF_MS); /* (a leave's time is 2 s early) */
            put(s->addr, p->peer);
            s->drops = 0;
        }
        if (s->drops < 0xFFu) {
            s->drops++;
        }
        s->dropped_ms = now_ms;
    }
    p->has_peer = 0;
    p->refused = 0;
    put(p->peer, 0);
}

void mia_peers_owner(mia_peers *p)
{
    mia_stranger *s;
    if (!p->has_peer) {
        return;
    }
    put(p->owner, p->peer);
    p->has_owner = 1;
    s = find(p, p->peer);
    if (s != 0) {
        put(s->addr, 0);
        s->drops = 0;
    }
}

void mia_peers_forget_owner(mia_peers *p)
{
    put(p->owner, 0);
    p->has_owner = 0;
}

/* The first claim on a connection holds it while it waits for the gesture; when it ends, the
 * 5 s start again (time to tell the players and leave). A second one holds nothing. */
void mia_cup_claim_wait_(mia_cup *cup, int waiting)
{
    if (waiting) {
        cup->claim_held = cup->claim_held == 0 ? 1u : 2u;
    } else if (cup->claim_held == 1) {
        cup->claim_held = 2;
        cup->unproven_from_ms = cup->now_ms;
    }
}

/* PROTOCOL.md 6: a refused peer at once; 1.2, any connection that has not proven the owner key
 * (nor claimed the cup) once MIA_UNPROVEN_DROP_MS have passed since it was made, or since the
 * wait of its first claim for the gesture ended (that wait holds it), or at its third denial;
 * 1.1, only on a cup with an owner, after 10 s. */
int mia_cup_should_disconnect(const mia_cup *cup, uint32_t now_ms)
{
    uint32_t age = now_ms - cup->unproven_from_ms;
    if (!cup->connected) {
        return 0;
    }
    if (cup->peers.refused) {
        return 1;
    }
    if (cup->proven) {
        return 0;
    }
    if (cup->minor < 2) {
        return cup->owned &&
               (cup->denied >= MIA_DENIED_DROP || age >= MIA_UNPROVEN_DROP_1_1_MS);
    }
    return cup->denied >= MIA_DENIED_DROP ||
           (age >= MIA_UNPROVEN_DROP_MS && cup->claim_held != 1); /* 1: a claim holds it */
}
