/* replay_paths.h — which rule files a trace may make `tessera replay`
 * compile. A trace is data from anywhere: its header must not be able to
 * name /etc/passwd (whose lines would then be printed as diagnostics). */
#ifndef TESSERA_REPLAY_PATHS_H
#define TESSERA_REPLAY_PATHS_H

#include <stdbool.h>

/* A game name usable as games/NAME.tess: letters, digits, '_' and '-',
 * 1 to 64 of them (no '/', no '..'). */
bool replay_plain_name(const char *name);

/* Whether `file` (from the header of the trace at trace_path) may be read:
 * it is `rules` (the --rules FILE given, or NULL), or, with symbolic links
 * resolved, a .tess file inside the trace's folder or inside games_dir. */
bool replay_rules_allowed(const char *file, const char *trace_path, const char *games_dir, const char *rules);

#endif
