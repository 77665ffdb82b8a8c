/* extensions.c — variants declared in a game's extension files. A user may
 * put a file in the games directory that `extends` a game and declares
 * variants (a file `mine.tess` with `extends base`); `--variant NAME`
 * on the game itself then finds NAME there: when a selected variant is
 * not declared in the files loaded, the games directory's other files are
 * read, and one that extends this game and declares it is loaded too. */
#include "extensions.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "copy_text.h"
#include "grow.h"
#include "parse.h"

static bool declares_variant(const Ast *ast, const char *name) {
  for (int i = 0; i < ast->decls.count; i++) {
    const Node *n = ast->decls.items[i];
    if (n->kind == N_VARIANT && n->name && strcmp(n->name, name) == 0) return true;
  }
  return false;
}

static bool has_decl(const Ast *ast, NodeKind kind, const char *name) {
  for (int i = 0; i < ast->decls.count; i++) {
    const Node *n = ast->decls.items[i];
    if (n->kind == kind && n->name && strcmp(n->name, name) == 0) return true;
  }
  return false;
}

/* The game's name as other files extend it: the file name without .tess. */
static void game_name(const char *path, char *out, size_t cap) {
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  size_t len = strlen(base);
  if (len > 5 && strcmp(base + len - 5, ".tess") == 0) len -= 5;
  snprintf(out, cap, "%.*s", (int)len, base);
}

/* Whether the file at `path` extends `game` and declares `variant` (read
 * apart, its own diagnostics dropped: it is only a candidate — but running
 * out of memory while reading it is said in d). */
static bool extension_declares(const char *path, const char *game, const char *variant, Diags *d) {
  Ast *scratch = ast_new();
  if (!scratch) {
    diag_out_of_memory(d);
    return false;
  }
  Diags quiet;
  diags_init(&quiet);
  bool yes = parse_path(scratch, path, &quiet) >= 0 && quiet.errors == 0 &&
             has_decl(scratch, N_EXTENDS, game) && declares_variant(scratch, variant);
  if (quiet.out_of_memory) diag_out_of_memory(d);
  diags_free(&quiet);
  ast_free(scratch);
  return yes;
}

static bool loaded(const Ast *ast, const char *path) {
  for (int i = 0; i < ast->file_count; i++)
    if (strcmp(ast->files[i].path, path) == 0) return true;
  return false;
}

static bool load_extension_for(Ast *ast, const char *main_path, const char *games_dir, const char *variant,
                               Diags *d) {
  char game[256];
  game_name(main_path, game, sizeof game);
  DIR *dir = opendir(games_dir);
  if (!dir) return false;
  char **names = NULL;
  int count = 0;
  for (struct dirent *e; (e = readdir(dir));) {
    size_t len = strlen(e->d_name);
    if (len <= 5 || strcmp(e->d_name + len - 5, ".tess") != 0) continue;
    char *name = copy_text(e->d_name);
    if (!name || !grow_bytes(&names, sizeof *names * (size_t)(count + 1))) {
      free(name);
      diag_out_of_memory(d); /* the variant is not looked for further */
      break;
    }
    names[count++] = name;
  }
  closedir(dir);
  /* Sorted, so that the file found does not depend on the directory's order. */
  for (int i = 1; i < count; i++)
    for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      char *t = names[j];
      names[j] = names[j - 1], names[j - 1] = t;
    }
  bool found = false;
  for (int i = 0; i < count; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", games_dir, names[i]);
    if (!found && !d->out_of_memory && !loaded(ast, path) && extension_declares(path, game, variant, d)) {
      parse_path(ast, path, d);
      found = true;
    }
    free(names[i]);
  }
  free(names);
  return found;
}

bool load_variant_extensions(Ast *ast, const char *main_path, const char *games_dir,
                             const char *const *variants, int variant_count, Diags *d) {
  bool any = false;
  for (int i = 0; i < variant_count; i++)
    if (!declares_variant(ast, variants[i]))
      any = load_extension_for(ast, main_path, games_dir, variants[i], d) || any;
  return any;
}
