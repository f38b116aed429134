/* Telemetry stream: see mia_telemetry.h and PROTOCOL.md 4.7. */
#include "mia_telemetry.h"

void mia_telemetry_init(mia_telemetry *t)
{
    uint8_t *p = (uint8_t *)t;
    size_t i;
    for (i = 0; i < sizeof *t; i++) {
        p[i] = 0;
    }
}

uint16_t mia_telemetry_rate(uint16_t rate_hz)
{
    uint16_t k = (uint16_t)((rate_hz + MIA_TLM_MAX_RATE_HZ - 1u) / MIA_TLM_MAX_RATE_HZ);
    if (rate_hz == 0) {
        return MIA_TLM_MAX_RATE_HZ;
    }
    return (uint16_t)(rate_hz / k);
}

/* Queues a frame, or drops it; its number is spent either way. */
static void emit(mia_telemetry *t, mia_telemetry_frame *f)
{
    f->seq = t->seq;
    t->seq = (uint16_t)(t->seq + 1u);
    if (!t->subscribed || t->count >= MIA_TELEMETRY_QUEUE) {
        t->dropped++;
        return;
    }
    {
        unsigned slot = (t->head + t->count) % MIA_TELEMETRY_QUEUE;
        t->frame_len[slot] = (uint8_t)mia_encode_telemetry(f, t->frames[slot]);
        t->count++;
    }
}

static void clear(mia_telemetry_frame *f, uint8_t kind, uint32_t t_ms)
{
    uint8_t *p = (uint8_t *)f;
    size_t i;
    for (i = 0; i < sizeof *f; i++) {
        p[i] = 0;
    }
    f->kind = kind;
    f->t_ms = t_ms;
}

/* A sample waiting for a partner goes out alone. */
static void flush_held(mia_telemetry *t)
{
    mia_telemetry_frame f;
    unsigned i;
    if (!t->held) {
        return;
    }
    clear(&f, MIA_TLM_ACCEL, t->held_ms);
    for (i = 0; i < 3; i++) {
        f.xyz[0][i] = t->held_xyz[i];
    }
    t->held = 0;
    emit(t, &f);
}

static void send_lid(mia_telemetry *t, uint32_t t_ms)
{
    mia_telemetry_frame f;
    flush_held(t);
    clear(&f, MIA_TLM_LID, t_ms);
    f.open = t->lid_open;
    f.reading = t->lid_reading;
    t->sent_open = t->lid_open;
    t->sent_reading = t->lid_reading;
    t->lid_sent = 1;
    emit(t, &f);
}

uint8_t mia_telemetry_start(mia_telemetry *t, uint32_t now_ms, uint8_t seconds, uint16_t rate_hz)
{
    if (t->running) {
        return MIA_STATUS_BUSY;
    }
    if (seconds > MIA_TLM_MAX_SECONDS) {
        seconds = MIA_TLM_MAX_SECONDS;
    }
    t->running = 1;
    t->seq = 0;
    t->start_ms = now_ms;
    t->limit_ms = (uint32_t)seconds * 1000u;
    t->decimate = (uint8_t)(rate_hz == 0 ? 1u : (rate_hz + MIA_TLM_MAX_RATE_HZ - 1u) /
                                                    MIA_TLM_MAX_RATE_HZ);
    t->skip = 0;
    t->held = 0;
    t->lid_sent = 0;
    if (t->lid_seen) {
        send_lid(t, now_ms);
    }
    return MIA_STATUS_OK;
}

uint16_t mia_telemetry_stop(mia_telemetry *t, uint32_t now_ms, uint8_t reason)
{
    mia_telemetry_frame f;
    if (!t->running) {
        return 0;
    }
    flush_held(t);
    clear(&f, MIA_TLM_END, now_ms);
    f.reason = reason;
    emit(t, &f);
    t->running = 0;
    return t->seq;
}

void mia_telemetry_drop(mia_telemetry *t)
{
    t->running = 0;
    t->held = 0;
    t->count = 0;
    t->subscribed = 0;
}

/* The limit has run out at now_ms: end the stream before taking a later reading. */
static int over_limit(mia_telemetry *t, uint32_t now_ms)
{
    if (t->running && now_ms - t->start_ms >= t->limit_ms) {
        (void)mia_telemetry_stop(t, t->start_ms + t->limit_ms, MIA_TLM_END_LIMIT);
        return 1;
    }
    return !t->running;
}

void mia_telemetry_accel(mia_telemetry *t, uint32_t now_ms, int16_t x, int16_t y, int16_t z)
{
    if (over_limit(t, now_ms)) {
        return;
    }
    if (t->skip > 0) {
        t->skip--;
        return;
    }
    t->skip = (uint8_t)(t->decimate - 1u);
    if (t->held && now_ms - t->held_ms <= 0xFFu) {
        mia_telemetry_frame f;
        unsigned i;
        clear(&f, MIA_TLM_ACCEL2, t->held_ms);
        f.interval_ms = (uint8_t)(now_ms - t->held_ms);
        for (i = 0; i < 3; i++) {
            f.xyz[0][i] = t->held_xyz[i];
        }
        f.xyz[1][0] = x;
        f.xyz[1][1] = y;
        f.xyz[1][2] = z;
        t->held = 0;
        emit(t, &f);
        return;
    }
    flush_held(t); /* too far apart for one frame */
    t->held = 1;
    t->held_ms = now_ms;
    t->held_xyz[0] = x;
    t->held_xyz[1] = y;
    t->held_xyz[2] = z;
}

void mia_telemetry_lid(mia_telemetry *t, uint32_t now_ms, uint8_t open, uint16_t reading)
{
    t->lid_seen = 1;
    t->lid_open = open ? 1u : 0u;
    t->lid_reading = reading;
    if (over_limit(t, now_ms)) {
        return;
    }
    if (!t->lid_sent || t->sent_open != t->lid_open || t->sent_reading != reading) {
        send_lid(t, now_ms);
    }
}

void mia_telemetry_tick(mia_telemetry *t, uint32_t now_ms)
{
    (void)over_limit(t, now_ms);
}

size_t mia_telemetry_next(mia_telemetry *t, uint8_t out[MIA_FRAME_MAX])
{
    unsigned slot;
    size_t n;
    size_t i;
    if (t->count == 0) {
        return 0;
    }
    slot = t->head;
    n = t->frame_len[slot];
    for (i = 0; i < n; i++) {
        out[i] = t->frames[slot][i];
    }
    t->head = (uint8_t)((t->head + 1u) % MIA_TELEMETRY_QUEUE);
    t->count--;
    return n;
}
