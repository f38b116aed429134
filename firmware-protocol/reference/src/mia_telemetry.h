/*
 * Telemetry stream (PROTOCOL.md 4.7 and section 6 "Telemetry", a 1.1 addition): the cup's raw
 * readings packed into frames with their own sequence numbers, at the accelerometer's rate up
 * to 100 Hz, stopping by itself after its limit. mia_cup drives it; a board only subscribes the
 * Telemetry characteristic (MIA_CHR_TELEMETRY) and drains notifications as usual.
 *
 * Frames wait in a small queue (MIA_TELEMETRY_QUEUE). A frame that finds the queue full, or no
 * subscriber, is dropped and its number spent: the app sees the gap. Nothing is retransmitted.
 *
 * Portable C99, no heap, no OS.
 */
#ifndef MIA_TELEMETRY_H
#define MIA_TELEMETRY_H

#include <stddef.h>
#include <stdint.h>

#include "mia_codec.h"

#ifndef MIA_TELEMETRY_QUEUE
#define MIA_TELEMETRY_QUEUE 4u
#endif

typedef struct {
    uint8_t running;
    uint8_t subscribed;   /* the Telemetry CCCD */
    uint16_t seq;         /* the next frame's number */
    uint32_t start_ms;
    uint32_t limit_ms;
    uint8_t decimate;     /* send every decimate-th sample */
    uint8_t skip;         /* samples still to skip before the next one sent */
    uint8_t held;         /* a sample waits for a second one to share an accel2 frame */
    uint32_t held_ms;
    int16_t held_xyz[3];
    /* The latest lid reading (kept while stopped too, for a stream's first frame) and the one
     * last sent in this stream. */
    uint8_t lid_seen;
    uint8_t lid_open;
    uint16_t lid_reading;
    uint8_t lid_sent;
    uint8_t sent_open;
    uint16_t sent_reading;
    /* Frames waiting to be notified, encoded. */
    uint8_t frames[MIA_TELEMETRY_QUEUE][MIA_FRAME_MAX];
    uint8_t frame_len[MIA_TELEMETRY_QUEUE];
    uint8_t head;
    uint8_t count;
    uint32_t dropped;     /* frames dropped (no room or no subscriber), since init */
} mia_telemetry;

void mia_telemetry_init(mia_telemetry *t);

/* The rate a stream sends at for an accelerometer running at rate_hz (at most 100 Hz). */
uint16_t mia_telemetry_rate(uint16_t rate_hz);

/* Starts a stream at now_ms that stops by itself after `seconds` (1..60); queues its first
 * frame (the lid reading in effect, if the cup has seen one). Returns MIA_STATUS_BUSY when one
 * is running, else MIA_STATUS_OK. */
uint8_t mia_telemetry_start(mia_telemetry *t, uint32_t now_ms, uint8_t seconds, uint16_t rate_hz);

/* Stops the running stream with an `end` frame (reason MIA_TLM_END_*); returns how many frames
 * the stream had, the end frame included (0 when none was running). */
uint16_t mia_telemetry_stop(mia_telemetry *t, uint32_t now_ms, uint8_t reason);

/* Ends the stream without a frame and drops what is queued (the link went down). */
void mia_telemetry_drop(mia_telemetry *t);

/* Readings, as the detectors get them: a sample in milli-g; a lid reading with the detector's
 * pre-debounce view of it (open 1 / closed 0) and the raw value. */
void mia_telemetry_accel(mia_telemetry *t, uint32_t now_ms, int16_t x, int16_t y, int16_t z);
void mia_telemetry_lid(mia_telemetry *t, uint32_t now_ms, uint8_t open, uint16_t reading);

/* Time passing: ends the stream at its limit. */
void mia_telemetry_tick(mia_telemetry *t, uint32_t now_ms);

/* The next queued frame (its length), or 0. */
size_t mia_telemetry_next(mia_telemetry *t, uint8_t out[MIA_FRAME_MAX]);

#endif
