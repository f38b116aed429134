/* Host harness: runs a trace through a cup with an app connected and subscribed, and writes
 * every frame the cup produces, one a line: "<kind> <ms> <hex>", kinds read-info, read-state,
 * notify-events, notify-state, notify-reply, write-control. After the trace it asks for
 * replay_since(65535) (everything since boot) so the replayed frames can be compared too.
 *   mia_host <trace.csv> <out.txt>
 * The cup has no owner (protocol 1.1, section 6): a cup nobody has claimed needs no proof, so
 * the connected app gets every Events notification and its replay without auth_prove. Its boot
 * id comes from a fixed-seed generator, so the output is the same on every run.
 * The end-to-end Vitest (test/unit/firmware-protocol/reference-e2e.test.ts) decodes the output
 * with the TypeScript codec.
 *
 *   mia_host decode   (differential testing against the TypeScript codec)
 * reads lines "<family> <hex>" (family: info, event, state, control, reply, config, advert) on
 * stdin and answers each with "<reason> <hex>": the C decoder's reason ("accept" or a
 * rejection) and, when accepted, the decoded value encoded again ("-" for what a 1.1 cup never
 * encodes: an unknown event type, and a 1.0 `booted` without a boot id; State flags without
 * reserved bits, and a State of 14..17 bytes re-encoded as 14; the advert flags without
 * reserved bits; a telemetry frame of an unknown kind).
 *
 *   mia_host session   (the WebAssembly build compared with this one)
 * a cup driven by commands on stdin, answering each with what it did: tools/mia_session.c.
 *
 *   mia_host events <trace.csv>     (a recording, replayed)
 * runs the trace through the same cup and prints the events it logs, one a line after the header
 * "event,t_ms,value,peak_mg" (value: a shake's duration or a lid's open time; empty otherwise).
 * The browser test compares them with the events the app saw live while recording.
 *
 *   mia_host expected <trace.csv>   (an expected-events file for a person to check)
 * prints the replay's events as a <name>.expected.csv (traces/README: the format): each time
 * within +-20 ms, each duration or open time within +-30 ms, each peak within +-15 %. Read it
 * against what you did while recording before you keep it next to the trace. */
#include <stdio.h>
#include <string.h>

#include "../src/mia_cup.h"
#include "mia_session.h"
#include "trace_compare.h"
#include "trace_io.h"

static trace_row rows_[40000];
static mia_cup cup_;

static void put(FILE *out, const char *kind, uint32_t t, const uint8_t *f, size_t n)
{
    size_t i;
    fprintf(out, "%s %lu ", kind, (unsigned long)t);
    for (i = 0; i < n; i++) {
        fprintf(out, "%02x", f[i]);
    }
    fprintf(out, "\n");
}

static void drain(mia_cup *cup, uint32_t now, void *ctx)
{
    static const char *const kinds[] = {"?", "notify-events", "notify-state", "notify-reply",
                                        "notify-telemetry"};
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    size_t n;
    while ((n = mia_cup_next_notification(cup, now, &chr, f)) > 0) {
        put((FILE *)ctx, kinds[chr], now, f, n);
    }
}

static void decode_line(const char *family, const uint8_t *b, size_t len)
{
    uint8_t out[MIA_FRAME_MAX];
    size_t n = 0;
    size_t i;
    mia_reason why = MIA_REASON_BAD_VALUE;
    int encodable = 1;
    if (strcmp(family, "info") == 0) {
        mia_info v;
        why = mia_decode_info(b, len, &v);
        if (why == MIA_ACCEPT) {
            n = mia_encode_info(&v, out);
        }
    } else if (strcmp(family, "event") == 0) {
        mia_event_frame v;
        why = mia_decode_event(b, len, &v);
        encodable = v.ev.type >= MIA_EVENT_SHAKE_STARTED && v.ev.type <= MIA_EVENT_BOOTED &&
                    (v.ev.type != MIA_EVENT_BOOTED || v.has_boot_id);
        if (why == MIA_ACCEPT && encodable) {
            n = mia_encode_event(&v.ev, out);
        }
    } else if (strcmp(family, "state") == 0) {
        mia_state v;
        why = mia_decode_state(b, len, &v);
        v.flags &= MIA_STATE_LID_OPEN | MIA_STATE_SHAKING | MIA_STATE_CHARGING | MIA_STATE_OWNED |
                   MIA_STATE_PROVEN;
        if (why == MIA_ACCEPT) {
            n = mia_encode_state(&v, out);
        }
    } else if (strcmp(family, "control") == 0) {
        mia_control v;
        why = mia_decode_control(b, len, &v);
        if (why == MIA_ACCEPT) {
            n = mia_encode_control(&v, out);
        }
    } else if (strcmp(family, "reply") == 0) {
        mia_reply v;
        why = mia_decode_reply(b, len, &v);
        if (why == MIA_ACCEPT) {
            n = mia_encode_reply(&v, out);
        }
    } else if (strcmp(family, "config") == 0) {
        mia_config v;
        why = mia_decode_config(b, len, &v);
        if (why == MIA_ACCEPT) {
            n = mia_encode_config(&v, out);
        }
    } else if (strcmp(family, "telemetry") == 0) {
        mia_telemetry_frame v;
        why = mia_decode_telemetry(b, len, &v);
        encodable = v.kind >= MIA_TLM_ACCEL && v.kind <= MIA_TLM_END;
        if (why == MIA_ACCEPT && encodable) {
            n = mia_encode_telemetry(&v, out);
        }
    } else if (strcmp(family, "advert") == 0) {
        mia_advert v;
        why = mia_decode_advert(b, len, &v);
        v.flags &= MIA_ADVERT_OWNED;
        if (why == MIA_ACCEPT) {
            n = mia_encode_advert(&v, out);
        }
    } else {
        printf("unknown-family -\n");
        return;
    }
    printf("%s ", mia_reason_name(why));
    if (why != MIA_ACCEPT || !encodable) {
        printf("-\n");
        return;
    }
    for (i = 0; i < n; i++) {
        printf("%02x", out[i]);
    }
    printf("\n");
}

static int decode_mode(void)
{
    char line[256];
    char family[16];
    char hex[200];
    uint8_t bytes[100];
    size_t n;
    while (fgets(line, sizeof line, stdin) != 0) {
        hex[0] = '\0';
        if (sscanf(line, "%15s %199s", family, hex) < 1 ||
            trace_unhex(hex, bytes, sizeof bytes, &n) != 0) {
            printf("bad-input -\n");
            continue;
        }
        decode_line(family, bytes, n);
    }
    return 0;
}

/* Replays a trace through a cup nobody is connected to and prints its events (after
 * `booted`) as "events" or as an expected-events file. */
static int replay_mode(const char *mode, const char *path)
{
    trace t;
    uint16_t seq;
    int expected = strcmp(mode, "expected") == 0;
    t.rows = rows_;
    t.cap = sizeof rows_ / sizeof rows_[0];
    if (trace_read(path, &t) != 0) {
        return 1;
    }
    trace_cup_init(&cup_, &t);
    trace_run(&t, &cup_, 0, 0);
    printf(expected ? "event,t_min_ms,t_max_ms,value_min,value_max,peak_min_mg,peak_max_mg\n"
                    : "event,t_ms,value,peak_mg\n");
    for (seq = 1; seq != cup_.log.next_seq; seq++) {
        const mia_event *e = mia_log_find(&cup_.log, seq);
        long t_ms;
        long value = -1;
        long peak = -1;
        if (e == 0) {
            fprintf(stderr, "event %u was overwritten in the log (more than %u events)\n", seq,
                    (unsigned)MIA_LOG_CAPACITY);
            return 1;
        }
        t_ms = (long)(int32_t)e->t_ms;
        if (e->type == MIA_EVENT_SHAKE_ENDED) {
            value = (long)e->value[0];
            peak = (long)e->value[1];
        } else if (e->type == MIA_EVENT_LID_CLOSED) {
            value = (long)e->value[0];
        }
        if (!expected) {
            printf("%s,%ld,", trace_event_name(e->type), t_ms);
            if (value >= 0) {
                printf("%ld", value);
            }
            printf(",");
            if (peak >= 0) {
                printf("%ld", peak);
            }
            printf("\n");
            continue;
        }
        printf("%s,%ld,%ld,", trace_event_name(e->type), t_ms - 20, t_ms + 20);
        if (value >= 0) {
            printf("%ld,%ld", value > 30 ? value - 30 : 0, value + 30);
        } else {
            printf(",");
        }
        printf(",");
        if (peak >= 0) {
            printf("%ld,%ld", peak - peak * 15 / 100, peak + peak * 15 / 100);
        } else {
            printf(",");
        }
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    trace t;
    FILE *out;
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    uint32_t end;
    static const uint8_t replay_all[4] = {MIA_OP_REPLAY_SINCE, 0x01, 0xff, 0xff};
    if (argc == 2 && strcmp(argv[1], "decode") == 0) {
        return decode_mode();
    }
    if (argc == 2 && strcmp(argv[1], "session") == 0) {
        return session_mode();
    }
    if (argc == 3 && strcmp(argv[1], "compare") == 0) {
        return trace_compare(argv[2], rows_, sizeof rows_ / sizeof rows_[0], &cup_);
    }
    if (argc == 3 && (strcmp(argv[1], "events") == 0 || strcmp(argv[1], "expected") == 0)) {
        return replay_mode(argv[1], argv[2]);
    }
    if (argc != 3) {
        fprintf(stderr, "usage: mia_host <trace.csv> <out.txt> | decode | session | "
                        "events <trace.csv> | expected <trace.csv>\n");
        return 2;
    }
    t.rows = rows_;
    t.cap = sizeof rows_ / sizeof rows_[0];
    if (trace_read(argv[1], &t) != 0) {
        return 1;
    }
    out = fopen(argv[2], "w");
    if (out == 0) {
        fprintf(stderr, "cannot write %s\n", argv[2]);
        return 1;
    }
    trace_cup_init(&cup_, &t);
    mia_cup_set_battery(&cup_, 90, 0);
    mia_cup_connected(&cup_, 0, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_STATE, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
    put(out, "read-info", 0, f, mia_cup_read_info(&cup_, f));
    put(out, "read-state", 0, f, mia_cup_read_state(&cup_, 0, f));
    trace_run(&t, &cup_, drain, out);
    end = cup_.now_ms + 10u;
    put(out, "write-control", end, replay_all, sizeof replay_all);
    if (mia_cup_control_write(&cup_, end, replay_all, sizeof replay_all) != 0) {
        fprintf(stderr, "replay_since rejected\n");
        fclose(out);
        return 1;
    }
    drain(&cup_, end, out);
    n = mia_cup_read_state(&cup_, end, f);
    put(out, "read-state", end, f, n);
    fclose(out);
    return 0;
}
