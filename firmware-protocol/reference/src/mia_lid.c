/* Lid detector. See mia_lid.h. */
#include "mia_lid.h"

void mia_lid_set_config(mia_lid *l, const mia_lid_config *cfg)
{
    l->cfg = *cfg;
    if (l->cfg.debounce_ms == 0) {
        l->cfg.debounce_ms = MIA_LID_DEFAULT_DEBOUNCE_MS;
    }
}

void mia_lid_init(mia_lid *l, const mia_lid_config *cfg)
{
    mia_lid_config zero = {MIA_LID_DIGITAL, 0, 0, 0, 0};
    l->known = 0;
    l->open = 0;
    l->raw_open = 0;
    l->pending = 0;
    l->change_ms = 0;
    l->changed_at_ms = 0;
    mia_lid_set_config(l, cfg != 0 ? cfg : &zero);
}

/* Raw open/closed from one reading; an analog level between the two levels keeps the
 * previous raw state (hysteresis). */
static uint8_t raw_open_of(const mia_lid *l, uint16_t reading)
{
    if (l->cfg.mode == MIA_LID_DIGITAL) {
        uint8_t bit = reading != 0;
        return l->cfg.invert ? (uint8_t)!bit : bit;
    }
    if (l->cfg.invert) { /* higher = closed: open when at or below open_level */
        if (reading <= l->cfg.open_level) {
            return 1;
        }
        if (reading >= l->cfg.closed_level) {
            return 0;
        }
    } else { /* higher = open */
        if (reading >= l->cfg.open_level) {
            return 1;
        }
        if (reading <= l->cfg.closed_level) {
            return 0;
        }
    }
    return l->raw_open;
}

mia_lid_result mia_lid_tick(mia_lid *l, uint32_t now_ms)
{
    if (!l->pending || now_ms - l->change_ms < l->cfg.debounce_ms) {
        return MIA_LID_NONE;
    }
    l->pending = 0;
    l->open = l->raw_open;
    l->changed_at_ms = l->change_ms; /* the physical event: when the sensor first read it */
    return l->open ? MIA_LID_OPENED : MIA_LID_CLOSED;
}

mia_lid_result mia_lid_feed(mia_lid *l, uint32_t now_ms, uint16_t reading)
{
    uint8_t raw;
    if (!l->known) {
        /* An analog level between the two levels at boot counts as closed. */
        l->raw_open = 0;
        raw = raw_open_of(l, reading);
        l->known = 1;
        l->open = raw;
        l->raw_open = raw;
        l->pending = 0;
        l->changed_at_ms = now_ms;
        return MIA_LID_NONE;
    }
    raw = raw_open_of(l, reading);
    if (raw != l->raw_open) {
        l->raw_open = raw;
        l->change_ms = now_ms;
    }
    l->pending = l->raw_open != l->open;
    return mia_lid_tick(l, now_ms);
}

int mia_lid_is_open(const mia_lid *l)
{
    return l->known && l->open;
}
