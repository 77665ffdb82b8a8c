/* nesting.c — the limit on how deeply a rule file nests. The checker and
 * the compiler walk the tree recursively, so a tree as deep as the file is
 * long (a 100,000-term `1 + 1 + …`, an `and` chain, `y[0][0]…`) would
 * overflow the C stack. Measured here without recursion, once per file,
 * right after parsing; a file past the limit gets one error and is not
 * checked further. */
#include "nesting.h"

#include <stdlib.h>

#include "grow.h"

typedef struct Visit {
  const Node *node;
  int depth;
} Visit;

/* Pushes n's children (depth + 1); false when out of memory. */
static bool push_children(Visit **stack, int *count, int *cap, const Node *n, int depth) {
  int needed = 3 + n->list.count;
  if (*count + needed > *cap) {
    int grown = (*cap + needed) * 2;
    if (!grow_bytes(stack, sizeof **stack * (size_t)grown)) return false;
    *cap = grown;
  }
  const Node *kids[3] = {n->a, n->b, n->c};
  for (int i = 0; i < 3; i++)
    if (kids[i]) (*stack)[(*count)++] = (Visit){kids[i], depth + 1};
  for (int i = 0; i < n->list.count; i++)
    if (n->list.items[i]) (*stack)[(*count)++] = (Visit){n->list.items[i], depth + 1};
  return true;
}

bool nesting_within_limit(Ast *ast, int first_decl, Diags *d) {
  Visit *stack = NULL;
  int count = 0, cap = 0;
  bool ok = true;
  for (int i = first_decl; ok && i < ast->decls.count; i++) {
    const Node *decl = ast->decls.items[i];
    count = 0;
    if (!push_children(&stack, &count, &cap, &(Node){.a = (Node *)decl}, -1)) {
      diag_out_of_memory(d);
      ok = false;
    }
    while (ok && count > 0) {
      Visit v = stack[--count];
      if (v.depth > TS_MAX_NESTING) {
        diag_add(d, DIAG_ERROR, v.node->file, v.node->line, v.node->col,
                 "nested too deeply (more than %d levels of expressions and blocks): "
                 "split it with 'let' or a function", TS_MAX_NESTING);
        ok = false;
      } else if (!push_children(&stack, &count, &cap, v.node, v.depth)) {
        diag_out_of_memory(d);
        ok = false;
      }
    }
  }
  free(stack);
  return ok;
}
