/* line.h — lines of play (dominoes laid end to end, branching), as the
 * scripts keep them: a `[lay]` list, the lays in the order they were made.
 * Everything else — the open ends, their values, which are spinners, the
 * tree the renderer draws — follows from that list (line.c), so a line is
 * a plain value of the state: cloned, hashed and cleared with it.
 *
 * A lay is packed in one int64 (always positive):
 *   bits  0-15  tile id
 *   bits 16-23  end it goes on (its number; 0 for the opening)
 *   bits 24-31  that end's value
 *   bits 32-39  touching value + 1 (0: none — the opening, or a non-double across)
 *   bits 40-47  outward value + 1 (0: none — across, or the opening)
 *   bits 48-49  way: LINE_INLINE, LINE_ACROSS, LINE_OPENING, LINE_SPINNER
 *   bits 50-51  on a spinner: LINE_PLAIN, LINE_SIDE, LINE_END
 *   bit  52     in line: which tile cell touches (0 or 1)
 *
 * Ends are numbered from 1 in the order they open, and a number names one
 * branch for the rest of the line: a dom laid in line continues its end
 * (same number, new value); laid across, the end keeps the number for the
 * tile's cell 0 and a new end opens for cell 1 (a fork); a double laid as
 * a spinner makes the end a spinner of its value. The first dom off a
 * spinner decides: by its side the spinner is used up (the dom continues
 * the end); by an end the dom continues the end and a new end of the
 * double's value opens. */
#ifndef TESSERA_LINE_H
#define TESSERA_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tiles.h"

enum { LINE_INLINE = 0, LINE_ACROSS = 1, LINE_OPENING = 2, LINE_SPINNER = 3 };
enum { LINE_PLAIN = 0, LINE_SIDE = 1, LINE_END = 2 };
enum { LINE_MAX_ENDS = 255 };

typedef struct LayInfo {
  int tile, end, end_value, touch, out, way, spin, cell;
} LayInfo;

int64_t line_pack(const LayInfo *l);
LayInfo line_unpack(int64_t lay);

typedef struct LineEnd {
  int16_t value;
  bool spinner;  /* a double laid across, not yet played off */
  int16_t owner; /* index of the lay that made the end show its value (for the tree) */
} LineEnd;

typedef struct LineState {
  int count;                    /* ends opened so far: numbers 1..count */
  LineEnd ends[LINE_MAX_ENDS + 1];
} LineState;

/* Replays `n` lays into s. Returns -1 and fills why (if not NULL) when lay
 * i does not fit the line before it; else 0. */
int line_replay(const TileDef *tiles, int tile_count, const int64_t *lays, int n, LineState *s,
                char *why, size_t whylen);
/* Applies one lay that line_check accepted. */
void line_apply(LineState *s, const TileDef *t, int64_t lay, int index);
/* Does lay fit s? NULL when it does, else why. */
const char *line_check(const LineState *s, const TileDef *tiles, int tile_count, int64_t lay);

/* Every way tile `tile` can be laid on the line, in canonical order: by end
 * number; on a spinner by side before by end; in line touching with cell 0,
 * then with cell 1 (not for a double), then across, then (a double) as a
 * spinner. keep (may be NULL) is
 * asked about each. Returns the count written (at most cap). */
typedef bool (*LayFilter)(void *ctx, int64_t lay);
int line_lays(const LineState *s, const TileDef *tiles, int tile, LayFilter keep, void *ctx, int64_t *out, int cap);

/* Draws the line for a terminal (line_render.c). */
void line_render(const TileDef *tiles, int tile_count, const int64_t *lays, int n, FILE *out);

/* "1-12 across e2", "5-8 e3 side out 8", "6-6 spinner e1", "6-6 opens". */
void line_lay_text(const TileDef *tiles, int tile_count, int64_t lay, char *buf, size_t cap);

#endif
