/* trace_read.h — reading a trace back (docs/trace-format.md): one line at a
 * time into a header, a step or a final line, parsed with Jansson. The
 * counterpart of trace.h; `tessera replay` and `tessera test` use it.
 * Unknown fields are skipped, as the format asks; missing or mistyped known
 * fields are errors. Pure: no engine calls. */
#ifndef TESSERA_TOOLS_TRACE_READ_H
#define TESSERA_TOOLS_TRACE_READ_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TRACE_VERSION = 1 }; /* the `tessera_trace` this reader understands */

typedef enum TraceLineKind { TRACE_HEADER, TRACE_STEP, TRACE_FINAL } TraceLineKind;

typedef struct TraceStrings {
  char **items;
  int count;
} TraceStrings;

typedef struct TraceHeader {
  char *game, *file;
  char *game_id;    /* NULL when absent or null */
  char *rules_hash; /* NULL when absent (traces written before it existed) */
  TraceStrings variants, agents;
  TraceStrings settings; /* "set": the match options, NAME=N (absent: none) */
  int players, seats;
  uint64_t seed;
} TraceHeader;

typedef struct TraceStep {
  int step, seat, index;
  uint64_t hash;
  json_t *observation; /* owned; JSON null when the engine gave none */
  TraceStrings legal;
  char *move;
} TraceStep;

typedef struct TraceFinal {
  bool over;
  int steps;
  uint64_t hash;
  int64_t *scores;
  int score_count;
  int64_t *ranking;
  int ranking_count;
  char *error;         /* NULL when null */
  json_t *observation; /* owned; NULL when absent (older traces) */
} TraceFinal;

typedef struct TraceLine {
  TraceLineKind kind;
  TraceHeader header;
  TraceStep step;
  TraceFinal final;
} TraceLine;

/* Parses one line (without its '\n'). Returns false with a one-line reason
 * (`col N: ...`, or which field is missing or mistyped). Free with
 * trace_line_free, whatever the result. */
bool trace_read_line(const char *text, size_t len, TraceLine *out, char *err, size_t errlen);
void trace_line_free(TraceLine *line);

#endif
