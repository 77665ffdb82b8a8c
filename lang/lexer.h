/* lexer.h — the front end's internals: tokens and the re2c lexer (lexer.re),
 * and the parse context that the Lemon grammar (grammar.y) shares with its
 * driver (parse.c). Nothing outside lang/lexer.re, lang/grammar.y and
 * lang/parse.c needs this header except tests; the public entry points are in
 * parse.h.
 *
 * Token kinds are the TK_* constants that lemon writes into grammar.h (the
 * grammar says `%token_prefix TK_`), so the lexer and the parser can never
 * disagree about them. TK_EOF (0) is Lemon's end-of-input code. */
#ifndef TESSERA_LEXER_H
#define TESSERA_LEXER_H

#include <stddef.h>
#include <stdint.h>

#include "ast.h"
#include "diag.h"
#include "grammar.h"

#define TK_EOF 0

typedef struct Token {
  int kind;             /* TK_*; TK_EOF at the end of the input */
  const char *start;    /* into the source text (not NUL-terminated) */
  int length;           /* bytes; a TK_STRING includes its quotes */
  int line, col;        /* 1-based; col counts bytes from the line start */
  int64_t ival;         /* TK_INT: the value (0 after a malformed literal) */
  int w, h;             /* TK_SIZE: width and height of `WxH` */
} Token;

typedef struct Lexer {
  const unsigned char *cursor, *limit; /* limit points at the NUL sentinel */
  const unsigned char *line_start;
  int line;
  int file;             /* file index, for diagnostics */
  Diags *diags;         /* lexical errors go here */
  Token peek;           /* one token of lookahead, to merge `not in` */
  int has_peek;
} Lexer;

/* text[length] must be NUL (ast_add_file guarantees it for Ast files); NUL
 * bytes before it are ordinary (invalid) characters. */
void lexer_init(Lexer *lx, const char *text, size_t length, int file, Diags *diags);

/* Returns the next token; keeps returning TK_EOF at the end. Lexical errors
 * (unexpected character, unterminated string or comment, bad escape, number
 * too large, malformed number) are reported to lx->diags and lexing goes on:
 * a bad character is skipped, a bad number still yields a TK_INT, an
 * unterminated string still yields a TK_STRING. `not` followed by `in` comes
 * back as one TK_NOTIN token positioned at the `not`. */
Token lexer_next(Lexer *lx);

/* How a token kind reads in a message: "'fn'", "'+='", "identifier",
 * "integer", "string", "size", "end of file". */
const char *token_name(int kind);

/* --- shared by grammar.y and parse.c --- */

typedef struct ParseCtx {
  Ast *ast;
  int file;
  Diags *diags;
  int syntax_errors;    /* reported syntax errors (not lexer errors) */
  int error_seen;       /* set by %syntax_error, cleared by the driver */
  int quiet;            /* driver: an error now belongs to one already reported */
  int failed;           /* the parser gave up (stack overflow / failure) */
  Token last;           /* the token being parsed, for %stack_overflow */
} ParseCtx;

/* Lemon entry points (%name TsParse). */
void *TsParseAlloc(void *(*malloc_fn)(size_t), ParseCtx *ctx);
void TsParse(void *parser, int kind, Token token);
void TsParseFree(void *parser, void (*free_fn)(void *));
/* The driver (parse.c) does its own resynchronisation after an error, so it
 * switches off Lemon's "no new errors until three tokens shifted" window
 * before each token, and asks whether Lemon dropped the token it just got
 * (true right after an error unless the token could be used to resume). */
void TsParseReportNextError(void *parser);
int TsParseDroppedToken(void *parser);

/* Builders called by grammar actions (parse.c). */
Node *px_node(ParseCtx *ctx, NodeKind kind, Token at);
Node *px_node_at(ParseCtx *ctx, NodeKind kind, const Node *at);
const char *px_ident(ParseCtx *ctx, Token t);
const char *px_string(ParseCtx *ctx, Token t);  /* decodes escapes */
Node *px_binary(ParseCtx *ctx, Op op, Node *a, Node *b);
Node *px_unary(ParseCtx *ctx, Op op, Token at, Node *a);
Node *px_choose(ParseCtx *ctx, Token at, Node *seat, Node *options);
Node *px_name(ParseCtx *ctx, Token t);
void px_syntax_error(ParseCtx *ctx, Token t, const int *expected, int nexpected,
                     int after_return);
void px_error(ParseCtx *ctx, Token at, const char *message);

#endif
