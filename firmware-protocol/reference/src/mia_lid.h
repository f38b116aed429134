/*
 * Lid detector: lid sensor readings in, debounced "opened" / "closed" out.
 *
 * The sensor is either digital (a reed switch or a hall switch: one bit) or analog (a linear
 * hall sensor read by an ADC, or a light sensor: a level). An analog level is turned into a
 * raw open/closed bit with hysteresis (two levels), then the raw bit is debounced: a change is
 * reported only once the new value has held for `debounce_ms`. A magnet passing by, a contact
 * bounce or a one-sample ADC glitch never lasts that long, so it is not a lift.
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
    uint8_t known;       /* a first reading has been seen */
    uint8_t open;        /* debounced state: 1 open, 0 closed */
    uint8_t raw_open;    /* the latest raw state after hysteresis */
    uint8_t pending;     /* raw differs from the debounced state since change_ms */
    uint32_t change_ms;
    uint32_t changed_at_ms; /* when the sensor first read the current debounced state */
} mia_lid;

void mia_lid_init(mia_lid *l, const mia_lid_config *cfg);
void mia_lid_set_config(mia_lid *l, const mia_lid_config *cfg);

/* One reading at now_ms: digital 0/1, or the analog level. The first reading sets the state
 * without reporting a change (the cup boots with its lid in some position). */
mia_lid_result mia_lid_feed(mia_lid *l, uint32_t now_ms, uint16_t reading);

/* Time passing without a reading (an interrupt-driven switch reports edges only): confirms
 * a pending change whose debounce time has passed. */
mia_lid_result mia_lid_tick(mia_lid *l, uint32_t now_ms);

/* Debounced state: 1 open, 0 closed (0 until the first reading). */
int mia_lid_is_open(const mia_lid *l);

#endif
