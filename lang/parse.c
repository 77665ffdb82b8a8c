/* parse.c — drives the lexer into the Lemon parser, builds nodes for the
 * grammar's actions, and resynchronises after syntax errors.
 *
 * Recovery: on a syntax error Lemon pops to the innermost statement list (or
 * declaration list), shifts `error` there, and drops the offending token. The
 * driver then withholds tokens until one that can start something again: a
 * `}` or a statement/declaration keyword outside any bracket opened after the
 * error, or a name (or `if`, `for`, `choose`, `players`, `board`) that is the
 * first token on its line. Brackets opened after the error are skipped whole,
 * so a broken `if x + { ... }` does not close its enclosing block early. If
 * Lemon cannot use that token either, that is still the same error: it is
 * not reported and skipping goes on. Each error thus gives one diagnostic. */
#include "parse.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "lexer.h"
#include "nesting.h"

const char *token_name(int kind) {
  switch (kind) {
  case TK_EOF: return "end of file";
  case TK_NAME: return "identifier";
  case TK_INT: return "integer";
  case TK_STRING: return "string";
  case TK_SIZE: return "size";
  case TK_AND: return "'and'";
  case TK_BOARD: return "'board'";
  case TK_BOOL: return "'bool'";
  case TK_BREAK: return "'break'";
  case TK_CHOOSE: return "'choose'";
  case TK_CONTINUE: return "'continue'";
  case TK_ELSE: return "'else'";
  case TK_EXCLUDES: return "'excludes'";
  case TK_EXTENDS: return "'extends'";
  case TK_FAIL: return "'fail'";
  case TK_FALSE: return "'false'";
  case TK_FN: return "'fn'";
  case TK_FOR: return "'for'";
  case TK_FROM: return "'from'";
  case TK_GAME: return "'game'";
  case TK_GHOSTS: return "'ghosts'";
  case TK_HIDDEN: return "'hidden'";
  case TK_HIGHEST: return "'highest'";
  case TK_IF: return "'if'";
  case TK_IMPORT: return "'import'";
  case TK_IN: return "'in'";
  case TK_LET: return "'let'";
  case TK_LEVELS: return "'levels'";
  case TK_LOWEST: return "'lowest'";
  case TK_NOT: return "'not'";
  case TK_NOTIN: return "'not in'";
  case TK_OR: return "'or'";
  case TK_OWNER: return "'owner'";
  case TK_PARAM: return "'param'";
  case TK_PER: return "'per'";
  case TK_PLAY: return "'play'";
  case TK_PLAYER: return "'player'";
  case TK_PLAYERS: return "'players'";
  case TK_PUBLIC: return "'public'";
  case TK_RANK: return "'rank'";
  case TK_REQUIRES: return "'requires'";
  case TK_INCLUDES: return "'includes'";
  case TK_RETURN: return "'return'";
  case TK_THEN: return "'then'";
  case TK_TILES: return "'tiles'";
  case TK_TRUE: return "'true'";
  case TK_VAR: return "'var'";
  case TK_VARIANT: return "'variant'";
  case TK_WHILE: return "'while'";
  case TK_WINDOW: return "'window'";
  case TK_WORD: return "'word'";
  case TK_IS: return "'is'";
  case TK_OPTION: return "'option'";
  case TK_DISPLAY: return "'display'";
  case TK_AS: return "'as'";
  case TK_LP: return "'('";
  case TK_RP: return "')'";
  case TK_LBRACKET: return "'['";
  case TK_RBRACKET: return "']'";
  case TK_LBRACE: return "'{'";
  case TK_RBRACE: return "'}'";
  case TK_COMMA: return "','";
  case TK_COLON: return "':'";
  case TK_DOT: return "'.'";
  case TK_DOTDOT: return "'..'";
  case TK_ARROW: return "'->'";
  case TK_ASSIGN: return "'='";
  case TK_PLUSEQ: return "'+='";
  case TK_MINUSEQ: return "'-='";
  case TK_STAREQ: return "'*='";
  case TK_EQ: return "'=='";
  case TK_NE: return "'!='";
  case TK_LT: return "'<'";
  case TK_LE: return "'<='";
  case TK_GT: return "'>'";
  case TK_GE: return "'>='";
  case TK_PLUS: return "'+'";
  case TK_MINUS: return "'-'";
  case TK_STAR: return "'*'";
  case TK_SLASH: return "'/'";
  case TK_PERCENT: return "'%'";
  case TK_BOR: return "'|'";
  case TK_BXOR: return "'^'";
  case TK_BAND: return "'&'";
  case TK_SHL: return "'<<'";
  case TK_SHR: return "'>>'";
  default: return NULL; /* `error` and precedence-only symbols */
  }
}

/* ------------------------------------------------------------------ builders */
/* They run inside the parser, under its guard (feed_tokens_guarded): an
 * allocation never returns NULL here, it jumps out of the parse. */

Node *px_node(ParseCtx *ctx, NodeKind kind, Token at) {
  return ast_node(ctx->ast, kind, ctx->file, at.line, at.col);
}

Node *px_node_at(ParseCtx *ctx, NodeKind kind, const Node *at) {
  return ast_node(ctx->ast, kind, ctx->file, at ? at->line : 0, at ? at->col : 0);
}

const char *px_ident(ParseCtx *ctx, Token t) {
  return ast_strndup(ctx->ast, t.start, (size_t)t.length);
}

/* The lexer has checked the escapes; here they are only decoded. A string
 * cut short by the end of its line just ends there. */
const char *px_string(ParseCtx *ctx, Token t) {
  char *out = ast_alloc(ctx->ast, (size_t)t.length + 1), *o = out;
  const char *p = t.start + 1, *end = t.start + t.length;
  while (p < end && *p != '"') {
    if (*p == '\\' && p + 1 < end) {
      p++;
      *o++ = *p == 'n' ? '\n' : *p;
      p++;
    } else {
      *o++ = *p++;
    }
  }
  *o = 0;
  return out;
}

Node *px_name(ParseCtx *ctx, Token t) {
  Node *n = px_node(ctx, N_NAME, t);
  n->name = px_ident(ctx, t);
  return n;
}

Node *px_binary(ParseCtx *ctx, Op op, Node *a, Node *b) {
  Node *n = px_node_at(ctx, N_BINARY, a);
  n->op = op;
  n->a = a;
  n->b = b;
  return n;
}

/* `choose s from opts or words` parses as `choose s from (opts or words)`,
 * since `or` binds tighter than `from`; a list of options is never a bool,
 * so the last `or` is the one that offers the words. */
Node *px_choose(ParseCtx *ctx, Token at, Node *seat, Node *options) {
  Node *n = px_node(ctx, N_CHOOSE, at);
  n->a = seat;
  n->b = options;
  if (options->kind == N_BINARY && options->op == OP_OR) {
    n->b = options->a;
    n->c = options->b;
  }
  return n;
}

Node *px_unary(ParseCtx *ctx, Op op, Token at, Node *a) {
  Node *n = px_node(ctx, N_UNARY, at);
  n->op = op;
  n->a = a;
  return n;
}

void px_error(ParseCtx *ctx, Token at, const char *message) {
  diag_add(ctx->diags, DIAG_ERROR, ctx->file, at.line, at.col, "%s", message);
}

/* "syntax error: unexpected 'X'", plus what would have been valid when that
 * is a short list. */
void px_syntax_error(ParseCtx *ctx, Token t, const int *expected, int nexpected,
                     int after_return) {
  ctx->error_seen = 1;
  if (ctx->quiet) return;
  ctx->syntax_errors++;
  char what[64], hint[200] = "";
  if (t.kind == TK_EOF)
    snprintf(what, sizeof what, "end of file");
  else if (t.length > 24)
    snprintf(what, sizeof what, "'%.20s...'", t.start);
  else
    snprintf(what, sizeof what, "'%.*s'", t.length, t.start);
  if (after_return) {
    snprintf(hint, sizeof hint, "; 'return' must be the last statement of its block");
  } else if (nexpected >= 1 && nexpected <= 4) {
    size_t len = (size_t)snprintf(hint, sizeof hint, "; expected ");
    for (int i = 0; i < nexpected && len < sizeof hint; i++) {
      const char *name = token_name(expected[i]);
      const char *sep = i == 0 ? "" : i == nexpected - 1 ? " or " : ", ";
      len += (size_t)snprintf(hint + len, sizeof hint - len, "%s%s", sep, name ? name : "?");
    }
  }
  diag_add(ctx->diags, DIAG_ERROR, ctx->file, t.line, t.col, "syntax error: unexpected %s%s",
           what, hint);
}

/* ------------------------------------------------------------------ driver */

static int opens(int kind) { return kind == TK_LBRACE || kind == TK_LP || kind == TK_LBRACKET; }

/* Can parsing resume at this token? */
static int resumes(const Token *t, int first_on_line) {
  switch (t->kind) {
  case TK_EOF: case TK_RBRACE:
  case TK_LET: case TK_WHILE: case TK_BREAK: case TK_CONTINUE: case TK_RETURN: case TK_FAIL:
  case TK_GAME: case TK_GHOSTS: case TK_IMPORT: case TK_EXTENDS: case TK_PARAM: case TK_TILES:
  case TK_VAR: case TK_FN: case TK_PLAY: case TK_RANK: case TK_VARIANT: case TK_REQUIRES:
  case TK_EXCLUDES: case TK_INCLUDES: case TK_WORD: case TK_OPTION:
    return 1;
  case TK_NAME: case TK_IF: case TK_FOR: case TK_CHOOSE: case TK_PLAYERS: case TK_BOARD:
    return first_on_line;
  default:
    return 0;
  }
}

/* Brackets opened while skipping, so that a skipped `{ ... }` is skipped
 * whole. A `}` closes everything opened since its `{`; a stray `)` or `]`
 * is ignored. */
typedef struct Brackets {
  int open[64];
  int depth; /* may exceed 64: the deeper ones are all taken as `{` */
} Brackets;

static void brackets_open(Brackets *b, int kind) {
  if (b->depth < 64) b->open[b->depth] = kind;
  b->depth++;
}

/* Returns 0 for a `}` that closes no skipped `{` (it ends an enclosing
 * block, so parsing resumes there). */
static int brackets_close(Brackets *b, int kind) {
  int want = kind == TK_RBRACE ? TK_LBRACE : kind == TK_RP ? TK_LP : TK_LBRACKET;
  if (kind != TK_RBRACE) {
    if (b->depth > 0 && (b->depth > 64 || b->open[b->depth - 1] == want)) b->depth--;
    return 1;
  }
  for (int i = b->depth - 1; i >= 0; i--) {
    if (i >= 64 || b->open[i] == TK_LBRACE) {
      b->depth = i;
      return 1;
    }
  }
  return 0;
}

/* NORMAL: errors are reported. SKIP: tokens are withheld until one that
 * resumes. RESUMING: feeding that token; an error on it is the old one.
 * QUIET: Lemon resumed on a token that does not look like a resume point
 * (say `let if = 3` resumed at `if`); errors stay quiet up to the next one
 * that does. */
enum { NORMAL, SKIP, RESUMING, QUIET };

/* Lemon's parser (its stack included) is made through grow_bytes too. */
static void *parser_memory(size_t bytes) {
  void *block = NULL;
  return grow_bytes(&block, bytes) ? block : NULL;
}

/* Feeds the file's tokens to the parser up to its end (or a parse that
 * cannot go on). */
static void feed_tokens(ParseCtx *ctx, void *parser, Lexer *lx) {
  Diags *d = ctx->diags;
  int mode = NORMAL, previous_line = 0;
  Brackets skipped = {{0}, 0};
  for (;;) {
    int lexical_errors = d->count;
    Token t = lexer_next(lx);
    lexical_errors = d->count - lexical_errors;
    int first_on_line = t.line > previous_line;
    int resume = resumes(&t, first_on_line);
    previous_line = t.line;
    if (mode == SKIP) {
      if (t.kind == TK_RBRACE) {
        if (brackets_close(&skipped, t.kind)) continue; /* closed a skipped `{` */
        skipped.depth = 0;                              /* ends an enclosing block */
      } else if (opens(t.kind)) {
        brackets_open(&skipped, t.kind);
        continue;
      } else if (t.kind == TK_RP || t.kind == TK_RBRACKET) {
        brackets_close(&skipped, t.kind);
        continue;
      } else if (skipped.depth > 0 && t.kind != TK_EOF) {
        continue;
      }
      if (!resume) continue;
      mode = RESUMING;
    }
    ctx->last = t;
    ctx->error_seen = 0;
    ctx->quiet = mode != NORMAL || lexical_errors > 0; /* one message per bad token */
    TsParseReportNextError(parser);
    TsParse(parser, t.kind, t);
    ctx->quiet = 0;
    if (ctx->failed || t.kind == TK_EOF) break;
    if (ctx->error_seen) {
      if (TsParseDroppedToken(parser)) {
        mode = SKIP;
        skipped.depth = 0;
        if (opens(t.kind)) brackets_open(&skipped, t.kind);
      } else {
        mode = resume ? NORMAL : QUIET;
      }
    } else if (mode == RESUMING || (mode == QUIET && resume)) {
      mode = NORMAL;
    }
  }
}

/* feed_tokens, false when an action found no memory for a node: it jumps
 * back here (ast.c) out of the parser, which is then only freed; the nodes
 * made so far stay in the arena, freed with the Ast. */
static bool feed_tokens_guarded(ParseCtx *ctx, void *parser, Lexer *lx) {
  jmp_buf out_of_memory;
  if (setjmp(out_of_memory) != 0) {
    ast_guard(ctx->ast, NULL);
    return false;
  }
  ast_guard(ctx->ast, &out_of_memory);
  feed_tokens(ctx, parser, lx);
  ast_guard(ctx->ast, NULL);
  return true;
}

int parse_file(Ast *ast, int file, Diags *d) {
  int errors_before = d->errors, first_decl = ast->decls.count;
  const SourceFile *f = &ast->files[file];
  ParseCtx ctx = {.ast = ast, .file = file, .diags = d};
  Lexer lx;
  lexer_init(&lx, f->text, f->length, file, d);
  void *parser = TsParseAlloc(parser_memory, &ctx);
  if (!parser) {
    diag_out_of_memory(d);
    ast->incomplete = true;
    return d->errors - errors_before;
  }
  bool stopped = !feed_tokens_guarded(&ctx, parser, &lx);
  if (stopped) diag_out_of_memory(d);
  TsParseFree(parser, free);
  /* A parse that stopped early (nesting past the parser's stack, memory)
   * would make the checker report what the rest of the file declares as
   * missing. */
  if (stopped || ctx.failed || !nesting_within_limit(ast, first_decl, d)) ast->incomplete = true;
  return d->errors - errors_before;
}

/* Reads at most TS_MAX_SOURCE_BYTES + 1 bytes of `in` (one more tells a
 * file that is too long); NULL on a read error or when out of memory. */
static char *read_bounded(FILE *in, size_t *length) {
  char *text = NULL;
  size_t cap = 0;
  *length = 0;
  for (;;) {
    if (*length == cap) {
      if (cap > TS_MAX_SOURCE_BYTES) break;
      cap = cap ? cap * 2 : 16384;
      if (!grow_bytes(&text, cap + 1)) {
        free(text);
        errno = ENOMEM;
        return NULL;
      }
    }
    size_t n = fread(text + *length, 1, cap - *length, in);
    *length += n;
    if (n == 0) break;
  }
  if (ferror(in)) {
    free(text);
    return NULL;
  }
  return text;
}

int parse_path(Ast *ast, const char *path, Diags *d) {
  errno = 0;
  FILE *in = fopen(path, "rb");
  char *text = NULL;
  size_t length = 0;
  if (in) {
    text = read_bounded(in, &length);
    fclose(in);
  }
  if (!text) {
    if (errno == ENOMEM) d->out_of_memory = true;
    diag_add(d, DIAG_ERROR, -1, 0, 0, "cannot read '%s': %s", path,
             errno == ENOMEM ? "out of memory" : errno ? strerror(errno) : "read error");
    return -1;
  }
  if (length > TS_MAX_SOURCE_BYTES) {
    free(text);
    diag_add(d, DIAG_ERROR, -1, 0, 0, "'%s' is longer than %d MiB: not a rule file", path,
             TS_MAX_SOURCE_BYTES >> 20);
    return -1;
  }
  int file = ast_add_file(ast, path, text, length);
  if (file < 0) {
    d->out_of_memory = true;
    diag_add(d, DIAG_ERROR, -1, 0, 0, "cannot read '%s': out of memory", path);
    return -1;
  }
  parse_file(ast, file, d);
  return file;
}
