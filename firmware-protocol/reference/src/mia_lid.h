/*
 * Lid detector: lid sensor readings in, debounced "opened" / "closed" out.
 *
 * The sensor is either digital (a reed switch or a hall switch: one bit) or analog (a linear
 * hall sensor read by an ADC, or a light sensor: a level). An analog level is turned into a
 * raw open/closed bit with hysteresis (two levels), then the raw bit is debounced: a change is
 * reported only once the new value has held for `debounce_ms`. A magnet passing by, a contact
 * bounce or a one-sample ADC glitch never lasts that long, so it is not a lift.
 *
 * A "run" is a stretch of readings of the same raw state. A run is believed once it has lasted
 * the debounce: from its first reading to the time now (a tick), or to the first reading of
 * the next run (a run cut short by a different reading still counts if it lasted that long:
 * time passes up to each reading before the reading is taken). The time of the change is the
 * first reading of the run that held (`changed_at_ms`): flickers shorter than the debounce
 * before it are not changes and do not move it earlier (PROTOCOL.md 4.2, bouncing contacts).
 *
 * At boot the state is unknown. The first run that holds is the first believed state: if it is
 * "open" it is reported as an opening (PROTOCOL.md 4.2: a lid open at boot is a `lid_opened`,
 * at the time of that first reading); if it is "closed" nothing is reported.
 *
 * Portable C99, no heap, no OS.
 */
#ifndef MIA_LID_H
#define MIA_LID_H

#include <stdint.h>

typedef enum { MIA_LID_DIGITAL = 0, MIA_LID_ANALOG = 1 } mia_lid_mode;

typedef struct {
    uint8_t mode;            /* mia_lid_mode */
    uint8_t invert;          /* digital: 1 if the reading is 1 when closed (reed contact made);
                                analog: 1 if a HIGHER level means closed (hall: magnet near) */
    uint16_t debounce_ms;    /* a change must hold this long */
    uint16_t open_level;     /* analog: at or beyond this level the lid is open */
    uint16_t closed_level;   /* analog: at or beyond this level the lid is closed */
} mia_lid_config;

#define MIA_LID_DEFAULT_DEBOUNCE_MS 50u

typedef enum {
    MIA_LID_NONE = 0,
    MIA_LID_OPENED = 1,
    MIA_LID_CLOSED = 2
} mia_lid_result;

typedef struct {
    mia_lid_config cfg;
    uint8_t seen;        /* a first reading has been taken */
    uint8_t known;       /* a first state has been believed (a run held the debounce) */
    uint8_t open;        /* believed state: 1 open, 0 closed (0 while not known) */
    uint8_t raw_open;    /* the latest raw state after hysteresis */
    uint8_t pending;     /* the current run (since change_ms) is not the believed state */
    uint32_t change_ms;  /* first reading of the current run */
    uint32_t changed_at_ms; /* first reading of the run that gave the believed state */
} mia_lid;

void mia_lid_init(mia_lid *l, const mia_lid_config *cfg);
void mia_lid_set_config(mia_lid *l, const mia_lid_config *cfg);

/* One reading at now_ms: digital 0/1, or the analog level. Returns a change believed at now_ms
 * (the run before this reading held the debounce), else MIA_LID_NONE. The first believed state
 * is reported as MIA_LID_OPENED if it is open, not at all if it is closed. */
mia_lid_result mia_lid_feed(mia_lid *l, uint32_t now_ms, uint16_t reading);

/* Time passing without a reading (an interrupt-driven switch reports edges only): confirms
 * a pending change whose debounce time has passed. */
mia_lid_result mia_lid_tick(mia_lid *l, uint32_t now_ms);

/* Believed state: 1 open, 0 closed (0 until the first state is believed). */
int mia_lid_is_open(const mia_lid *l);

#endif
