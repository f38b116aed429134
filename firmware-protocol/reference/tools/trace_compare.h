/* `mia_host compare <trace.csv>` (host-side): replays a recording from the app through a cup
 * and compares the events the replay logs with the events the app saw live while recording,
 * which the app writes into the file as comment lines (README, "Traces"):
 *   # events: 3 seen live by the app
 *   # event: shake_started t_ms=1030
 *   # event: shake_ended t_ms=2440 duration_ms=1410 peak_mg=3721
 *   # event: lid_closed t_ms=4206 open_ms=700
 * Tolerances as `mia_host expected` writes them: time +-20 ms, duration or open time +-30 ms,
 * peak +-15 % of the replay's. Prints one line per pair (or unpaired event), then
 * "N events, all match" (exit 0) or "M mismatches ..." (exit 1); exit 2 when the file cannot be
 * read or has no "# events:" line (a trace not recorded by the app). */
#ifndef MIA_TRACE_COMPARE_H
#define MIA_TRACE_COMPARE_H

#include <stddef.h>

#include "trace_io.h"

/* `rows`/`cap`: storage for the trace's rows; `cup`: the cup to replay it through. */
int trace_compare(const char *path, trace_row *rows, size_t cap, mia_cup *cup);

#endif
