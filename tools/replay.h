/* replay.h — replaying a trace against the current rules and engine
 * (docs/testing.md, golden playthroughs): `tessera replay` and `tessera
 * test` share it. Differences are reported on stderr as
 * `TRACE:LINE: step N: what differs`. */
#ifndef TESSERA_TOOLS_REPLAY_H
#define TESSERA_TOOLS_REPLAY_H

#include <stdbool.h>

typedef struct ReplayOptions {
  const char *rules; /* --rules FILE, or NULL: from the header (trace_rules.h) */
  bool strict;       /* also compare the engine-internal state hash */
  bool quiet;        /* no `TRACE: ok (...)` line */
} ReplayOptions;

/* 0 when the trace replays, 1 when it differs or cannot be read. */
int replay_trace(const char *path, const ReplayOptions *o);
/* --update: plays the header's match again, rewrites the trace and prints a
 * summary of what changed, per step and field. 0 on success. */
int replay_update(const char *path, const ReplayOptions *o);

#endif
