/*
 * Event log: every event gets the next u16 sequence number (wrapping 65535 -> 0) and is kept
 * in a ring buffer of the most recent MIA_LOG_CAPACITY events, so the app can ask for the
 * events it missed (a notification lost with the link) and get them again, in order.
 *
 * Sequence numbers are compared with serial-number arithmetic (RFC 1982 style): `a` is before
 * `b` when (uint16_t)(b - a) is in 1..32767. The ring holds at most 32767 events (PROTOCOL.md
 * 4.1, checked at compile time), less than half the sequence space, so "before", "after" and
 * "too old" stay unambiguous across the wrap.
 *
 * Portable C99, no heap, no OS.
 */
#ifndef MIA_LOG_H
#define MIA_LOG_H

#include <stdint.h>

#ifndef MIA_LOG_CAPACITY
#define MIA_LOG_CAPACITY 64u
#endif

/* Info reports the capacity as 1..32767 (PROTOCOL.md 4.1): more would make the oldest events
 * look newer than the newest under the half-range sequence comparison. */
#if MIA_LOG_CAPACITY < 1 || MIA_LOG_CAPACITY > 32767
#error "MIA_LOG_CAPACITY must be 1..32767 (PROTOCOL.md 4.1)"
#endif

typedef struct {
    uint32_t t_ms;     /* milliseconds since boot when the event was logged */
    uint32_t value[2]; /* type-specific payload (shake ended: duration ms, peak mg) */
    uint16_t seq;
    uint8_t type;
} mia_event;

typedef struct {
    mia_event ring[MIA_LOG_CAPACITY];
    uint16_t oldest;   /* ring index of the oldest event held */
    uint16_t count;    /* events held, <= MIA_LOG_CAPACITY */
    uint16_t next_seq; /* sequence number of the next event */
} mia_log;

typedef enum {
    MIA_REPLAY_OK = 0,       /* every event after `since` is held: *first .. *first + *n - 1 */
    MIA_REPLAY_NOTHING = 1,  /* `since` is the last event: nothing to replay, *first = L + 1 */
    MIA_REPLAY_TRUNCATED = 2 /* some requested events were overwritten (or `since` is "in the
                                future", e.g. from before a reboot): replays all that is held */
} mia_replay_status;

/* first_seq: the number the first event gets (the last sequence number before any event is
 * first_seq - 1). */
void mia_log_init(mia_log *log, uint16_t first_seq);

/* Appends an event, overwriting the oldest when full; returns the stored event. */
const mia_event *mia_log_append(mia_log *log, uint8_t type, uint32_t t_ms, uint32_t v0,
                                uint32_t v1);

/* The sequence number of the newest event (first_seq - 1 before any event). */
uint16_t mia_log_last_seq(const mia_log *log);

/* The oldest sequence number held (equals next_seq when the log is empty). */
uint16_t mia_log_oldest_seq(const mia_log *log);

uint16_t mia_log_count(const mia_log *log);

/* The event with this sequence number, or 0 (NULL) when it is not held (overwritten, or not
 * yet issued). */
const mia_event *mia_log_find(const mia_log *log, uint16_t seq);

/* PROTOCOL.md section 6, replay_since(S): with L the last sequence number and
 * d = (L - S) mod 65536, the requested events are S + 1 .. S + d; the held ones among them are
 * sent. Sets *first and *n (the events *first, *first + 1, ... mod 65536) and returns the
 * status. */
mia_replay_status mia_log_replay_range(const mia_log *log, uint16_t since, uint16_t *first,
                                       uint16_t *n);

/* 1 if sequence number a comes before b (serial-number arithmetic), else 0. */
int mia_seq_before(uint16_t a, uint16_t b);

#endif
