/* trace.h — the JSON Lines record of a match (docs/trace-format.md): a
 * header, one line per decision written before the move is applied, and a
 * final line. The format is stable: add fields, never change them. */
#ifndef TESSERA_TOOLS_TRACE_H
#define TESSERA_TOOLS_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "agents.h"
#include "options.h"
#include "tessera.h"

typedef struct Trace Trace;

/* NULL (reason in err) when the file cannot be created. */
Trace *trace_open(const char *path, char *err, size_t errlen);
/* A trace as `viewer` sees the match (TS_VIEW_PUBLIC: a spectator): its
 * observations, no hashes and no seed (either would let a reader test
 * guesses at what is hidden), and at a `choose secret` of another seat the
 * number of options instead of their texts and the answer. Not replayable. */
Trace *trace_open_view(const char *path, int viewer, char *err, size_t errlen);
/* `file`: the rule file as the CLI resolved it; the header's game_id is its
 * name when it lies in the games directory. */
void trace_header(Trace *t, const TsProgram *p, const char *file, const StrList *variants,
                  const TsState *s, const Agent *agents, uint64_t seed);
/* The same with `file` and `game_id` (NULL: null) written as given: for
 * rewriting an existing trace's header. */
void trace_header_as(Trace *t, const TsProgram *p, const char *file, const char *game_id, const StrList *variants,
                     const TsState *s, const Agent *agents, uint64_t seed);
void trace_step(Trace *t, const TsState *s, int step, int seat, int index);
void trace_final(Trace *t, const TsState *s, int steps, const char *error);
/* Where the next line will start, and cutting the file back to such a
 * place (an undone move's lines): for `play`'s undo. */
long trace_tell(Trace *t);
bool trace_truncate(Trace *t, long offset);
/* Closes the file; false when anything failed to be written. */
bool trace_close(Trace *t);

/* Writes "[a,b,c]": every seat's score / rank. Shared with `run --json`. */
void json_scores(FILE *out, const TsState *s);
void json_ranking(FILE *out, const TsState *s);

#endif
