/* driver.c — the compile pipeline behind ts_compile_file: load the rule file
 * and everything it imports or extends, check it with the selected
 * variants, compile it, and print every diagnostic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "compile.h"
#include "engine.h"
#include "extensions.h"
#include "frame_layout.h"
#include "grow.h"
#include "parse.h"

#ifndef TESSERA_DEFAULT_STDLIB
#define TESSERA_DEFAULT_STDLIB "stdlib"
#endif
#ifndef TESSERA_DEFAULT_GAMES
#define TESSERA_DEFAULT_GAMES "games"
#endif

static const char *pick_dir(const char *given, const char *env, const char *fallback) {
  if (given) return given;
  const char *e = getenv(env);
  return e && *e ? e : fallback;
}

static bool already_loaded(const Ast *ast, const char *path) {
  for (int i = 0; i < ast->file_count; i++)
    if (strcmp(ast->files[i].path, path) == 0) return true;
  return false;
}

/* `extends NAME` finds NAME.tess beside the extending file first, so that a
 * designer's own folder (rule files and their tests side by side) works as
 * the games directory does; `path` is left alone when there is none. */
static void beside_file(const char *file, const char *name, char *path, size_t cap) {
  const char *slash = strrchr(file, '/');
  char candidate[4096];
  snprintf(candidate, sizeof candidate, "%.*s%s.tess", slash ? (int)(slash - file + 1) : 0, file, name);
  if (strcmp(candidate, file) == 0) return; /* a file extending its own name: the games directory's */
  FILE *probe = fopen(candidate, "r");
  if (!probe) return;
  fclose(probe);
  snprintf(path, cap, "%s", candidate);
}

/* Follows `import` and `extends` declarations, including those of the
 * files they bring in (the decl list grows while we walk it). */
static void load_dependencies(Ast *ast, const char *stdlib_dir, const char *games_dir, Diags *d) {
  for (int i = 0; i < ast->decls.count; i++) {
    Node *n = ast->decls.items[i];
    if (n->kind != N_IMPORT && n->kind != N_EXTENDS) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.tess", n->kind == N_IMPORT ? stdlib_dir : games_dir, n->name);
    if (n->kind == N_EXTENDS) beside_file(ast->files[n->file].path, n->name, path, sizeof path);
    if (already_loaded(ast, path)) continue;
    FILE *probe = fopen(path, "r");
    if (!probe) {
      diag_add(d, DIAG_ERROR, n->file, n->line, n->col, "cannot find %s '%s' (looked for %s)",
               n->kind == N_IMPORT ? "module" : "game", n->name, path);
      continue;
    }
    fclose(probe);
    parse_path(ast, path, d);
  }
}

static Node *find_option(const Checked *checked, const char *name, size_t len) {
  for (int i = 0; i < checked->global_count; i++) {
    Node *d = checked->globals[i]->decl;
    if (d->kind == N_OPTION && strlen(d->name) == len && strncmp(d->name, name, len) == 0) return d;
  }
  return NULL;
}

/* --set name=value: the option's initialiser becomes the number, so the
 * compiler folds it like any constant param. Its node is rewritten in
 * place (a checked default is a number or its negation, which nothing
 * else refers to): no allocation, nothing to fail. */
static bool apply_settings(const Checked *checked, const TsCompileOptions *o, FILE *diagnostics) {
  bool ok = true;
  for (int i = 0; i < o->setting_count; i++) {
    const char *text = o->settings[i], *eq = strchr(text, '=');
    Node *d = eq ? find_option(checked, text, (size_t)(eq - text)) : NULL;
    char *end = NULL;
    long long v = eq ? strtoll(eq + 1, &end, 10) : 0;
    if (!d || eq[1] == '\0' || *end != '\0') {
      if (diagnostics) fprintf(diagnostics, "error: cannot set '%s': %s\n", text,
                               !eq ? "expected NAME=NUMBER" : !d ? "the game has no such option" : "the value is not a number");
      ok = false;
      continue;
    }
    *d->a = (Node){.kind = N_INT, .file = d->file, .line = d->line, .col = d->col, .levels = 1,
                   .ival = v, .type = type_of(TY_INT)};
  }
  return ok;
}

static void record_options(Program *p, const Checked *checked) {
  for (int i = 0; i < checked->global_count; i++) {
    Node *d = checked->globals[i]->decl;
    if (d->kind != N_OPTION) continue;
    if (!grow_bytes(&p->options, sizeof *p->options * (size_t)(p->option_count + 1))) {
      p->out_of_memory = true;
      return;
    }
    p->options[p->option_count++] =
        (OptionInfo){program_copy_text(p, d->name), program_copy_text(p, d->str ? d->str : ""), d->ival,
                     d->a->kind == N_INT ? d->a->ival : d->ival};
  }
}

TsProgram *ts_compile_file(const char *path, const TsCompileOptions *options, FILE *diagnostics) {
  TsCompileOptions none = {0};
  if (!options) options = &none;
  Ast *ast = ast_new();
  if (!ast) {
    if (diagnostics) fprintf(diagnostics, "error: out of memory\n");
    return NULL;
  }
  Diags d;
  diags_init(&d);
  TsProgram *result = NULL;
  if (parse_path(ast, path, &d) >= 0) {
    const char *stdlib_dir = pick_dir(options->stdlib_dir, "TESSERA_STDLIB", TESSERA_DEFAULT_STDLIB);
    const char *games_dir = pick_dir(options->games_dir, "TESSERA_GAMES", TESSERA_DEFAULT_GAMES);
    load_dependencies(ast, stdlib_dir, games_dir, &d);
    if (d.errors == 0 &&
        load_variant_extensions(ast, path, games_dir, options->variants, options->variant_count, &d))
      load_dependencies(ast, stdlib_dir, games_dir, &d);
    Checked checked = {0};
    bool ok = d.errors == 0 && !ast->incomplete && !d.out_of_memory;
    /* Check even after syntax errors: report as much as possible at once
     * (but not after running out of memory: that is all there is to say). */
    if (!ast->incomplete && !d.out_of_memory)
      ok = check_program(ast, options->variants, options->variant_count, options->warnings, &checked, &d) && ok;
    ok = ok && !d.out_of_memory; /* a message lost: memory is short, no program */
    if (ok) ok = apply_settings(&checked, options, diagnostics);
    if (ok) {
      /* Coverage keeps every call: an inlined body would be counted once per copy. */
      bool coverage = options->coverage_file != NULL;
      if (grow_bytes(&result, sizeof *result)) {
        memset(result, 0, sizeof *result);
        result->program = compile_program(
            ast, &checked, (CompileFlags){options->no_inline || coverage, options->no_superinstructions, coverage});
      }
      if (result && result->program && !result->program->out_of_memory) {
        record_options(result->program, &checked);
        if (coverage) result->program->coverage_out = program_copy_text(result->program, options->coverage_file);
      }
      if (!result || !result->program || result->program->out_of_memory) {
        diag_out_of_memory(&d);
        if (result) program_free(result->program);
        free(result);
        result = NULL;
      } else if (!frame_layout(result->program, &d)) {
        program_free(result->program);
        free(result);
        result = NULL;
      }
    }
    for (int i = 0; i < checked.fn_count; i++) free(checked.fns[i]->local_types);
    if (checked.main) free(checked.main->local_types);
    checked_free(&checked);
  }
  if (diagnostics) diags_print(&d, ast, diagnostics);
  diags_free(&d);
  ast_free(ast);
  return result;
}
