/* trace_rules.h — which rule file a trace is replayed with, in one place
 * (docs/trace-format.md, "Which rule file"): the --rules file when given;
 * else the header's `file`, a relative path taken against the trace's own
 * folder; else the header's `game_id` in the games directory; else the
 * stem of `file` there — each only where the path policy of replay_paths.h
 * allows. Also the rule file's content hash, which the trace header
 * records. */
#ifndef TESSERA_TOOLS_TRACE_RULES_H
#define TESSERA_TOOLS_TRACE_RULES_H

#include <stdbool.h>
#include <stddef.h>

/* trace_read.h; not included, so that writers need not see Jansson. */
typedef struct TraceHeader TraceHeader;

typedef enum RulesFound { RULES_GIVEN, RULES_BY_FILE, RULES_BY_ID, RULES_BY_STEM, RULES_NONE } RulesFound;

/* The path to compile for `trace_path`'s header (malloc'ed), or NULL with
 * RULES_NONE when the header names nothing replay may read. */
char *trace_rules_path(const char *trace_path, const TraceHeader *h, const char *rules, RulesFound *how);
/* `file` as a path relative to the folder of `trace_path` (both as given,
 * relative to the current directory or absolute); malloc'ed. An absolute
 * `file` stays absolute. */
char *trace_relative_file(const char *trace_path, const char *file);
/* XXH3-64 of the file's bytes as 16 hex digits into buf (17 bytes); false
 * when it cannot be read. */
bool trace_rules_hash(const char *path, char *buf);

#endif
