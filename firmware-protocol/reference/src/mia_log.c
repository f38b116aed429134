/* Event log. See mia_log.h. */
#include "mia_log.h"

int mia_seq_before(uint16_t a, uint16_t b)
{
    uint16_t d = (uint16_t)(b - a);
    return d != 0 && d < 0x8000u;
}

void mia_log_init(mia_log *log, uint16_t first_seq)
{
    uint16_t i;
    for (i = 0; i < MIA_LOG_CAPACITY; i++) {
        log->ring[i].t_ms = 0;
        log->ring[i].value[0] = 0;
        log->ring[i].value[1] = 0;
        log->ring[i].seq = 0;
        log->ring[i].type = 0;
    }
    log->oldest = 0;
    log->count = 0;
    log->next_seq = first_seq;
}

const mia_event *mia_log_append(mia_log *log, uint8_t type, uint32_t t_ms, uint32_t v0,
                                uint32_t v1)
{
    uint16_t slot;
    mia_event *e;
    if (log->count < MIA_LOG_CAPACITY) {
        slot = (uint16_t)((log->oldest + log->count) % MIA_LOG_CAPACITY);
        log->count++;
    } else {
        slot = log->oldest;
        log->oldest = (uint16_t)((log->oldest + 1u) % MIA_LOG_CAPACITY);
    }
    e = &log->ring[slot];
    e->type = type;
    e->seq = log->next_seq;
    e->t_ms = t_ms;
    e->value[0] = v0;
    e->value[1] = v1;
    log->next_seq = (uint16_t)(log->next_seq + 1u);
    return e;
}

uint16_t mia_log_last_seq(const mia_log *log)
{
    return (uint16_t)(log->next_seq - 1u);
}

uint16_t mia_log_oldest_seq(const mia_log *log)
{
    return (uint16_t)(log->next_seq - log->count);
}

uint16_t mia_log_count(const mia_log *log)
{
    return log->count;
}

const mia_event *mia_log_find(const mia_log *log, uint16_t seq)
{
    uint16_t offset = (uint16_t)(seq - mia_log_oldest_seq(log));
    if (offset >= log->count) {
        return 0;
    }
    return &log->ring[(log->oldest + offset) % MIA_LOG_CAPACITY];
}

mia_replay_status mia_log_replay_range(const mia_log *log, uint16_t since, uint16_t *first,
                                       uint16_t *n)
{
    uint16_t last = mia_log_last_seq(log);
    uint16_t d = (uint16_t)(last - since); /* requested: since + 1 .. since + d */
    if (d == 0) {
        *first = (uint16_t)(last + 1u);
        *n = 0;
        return MIA_REPLAY_NOTHING;
    }
    if (d <= log->count) {
        *first = (uint16_t)(since + 1u);
        *n = d;
        return MIA_REPLAY_OK;
    }
    /* d > count: everything held lies inside the requested range. */
    *first = mia_log_oldest_seq(log);
    *n = log->count;
    return MIA_REPLAY_TRUNCATED;
}
