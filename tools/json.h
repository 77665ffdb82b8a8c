/* json.h — the little JSON writing the trace and `run --json` need. Pure. */
#ifndef TESSERA_TOOLS_JSON_H
#define TESSERA_TOOLS_JSON_H

#include <stdio.h>

/* Writes `s` as a JSON string ("..." with escapes), or null when s is NULL.
 * (Not json_string: that is Jansson's, which the same program links.) */
void json_put_string(FILE *out, const char *s);

#endif
