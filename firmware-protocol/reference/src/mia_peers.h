/*
 * Room for the owner (PROTOCOL.md section 6, "Dropping an unproven connection"): the peers the
 * cup dropped for being unproven (or would have, had they not left first), each refused for a
 * back-off that doubles with every drop, and the address that last proved the owner key, which
 * is never refused. Constant memory: at most MIA_PEERS strangers; a new one takes the place of
 * the one dropped longest ago.
 *
 * Internal to the core: a port passes the peer's address to mia_cup_connected and ends a link
 * when mia_cup_should_disconnect says so (a refused peer at once).
 * Portable C99, no heap, no OS.
 */
#ifndef MIA_PEERS_H
#define MIA_PEERS_H

#include <stddef.h>
#include <stdint.h>

#define MIA_PEER_ADDR_LEN 6u /* a Bluetooth device address, in any fixed byte order */
#ifndef MIA_PEERS
#define MIA_PEERS 4u /* strangers remembered */
#endif
#define MIA_BACKOFF_MS 2000u      /* refused this long after the first drop, */
#define MIA_BACKOFF_MAX_MS 60000u /* twice as long after each further one, at most this */

typedef struct {
    uint8_t addr[MIA_PEER_ADDR_LEN];
    uint8_t drops;       /* 0: the place is free */
    uint32_t dropped_ms; /* the last drop */
} mia_stranger;

typedef struct {
    mia_stranger strangers[MIA_PEERS];
    uint8_t owner[MIA_PEER_ADDR_LEN]; /* the address that last proved the owner key */
    uint8_t peer[MIA_PEER_ADDR_LEN];  /* this connection's */
    uint8_t has_owner;
    uint8_t has_peer;
    uint8_t refused; /* this connection is a stranger's within its back-off */
} mia_peers;

void mia_peers_init(mia_peers *p);

/* A connection came up from addr (MIA_PEER_ADDR_LEN bytes, or 0 when the board cannot tell): it
 * is refused when addr is a stranger's still within its back-off (never the owner's). */
void mia_peers_connect(mia_peers *p, const uint8_t *addr, uint32_t now_ms);

/* The connection ended; dropped: the cup wanted it ended for being unproven (or would have, had
 * the peer not left first: then now_ms is 2 s early, mia_cup_connected). A stranger then waits
 * its back-off (a refused connection adds nothing to it; the owner's address never waits). */
void mia_peers_end(mia_peers *p, int dropped, uint32_t now_ms);

/* The connection proved the owner key or claimed the cup: its address is the owner's. */
void mia_peers_owner(mia_peers *p);

/* The cup has no owner any more: nor an owner's address. */
void mia_peers_forget_owner(mia_peers *p);

/* How long a stranger dropped this many times is refused, ms. */
uint32_t mia_peers_backoff(uint8_t drops);

#endif
