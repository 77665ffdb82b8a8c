/* lexer.re — source text to tokens (re2c 3.0). The scanner sits in a plain
 * loop: whitespace and comments `continue`, everything else returns a token.
 * Keywords come before identifiers (re2c prefers the earlier of two equally
 * long matches), the end of input is the `$` rule on the NUL sentinel, and a
 * catch-all rule comes last, so `re2c -W -Werror` accepts the lexer.
 * Block comments and strings are finished by small hand-written loops that
 * count lines and check escapes. */
#include "lexer.h"

#include <string.h>

void lexer_init(Lexer *lx, const char *text, size_t length, int file, Diags *diags) {
  memset(lx, 0, sizeof *lx);
  lx->cursor = (const unsigned char *)text;
  lx->limit = (const unsigned char *)text + length;
  lx->line_start = lx->cursor;
  lx->line = 1;
  lx->file = file;
  lx->diags = diags;
}

static int column(const Lexer *lx, const unsigned char *p) {
  return (int)(p - lx->line_start) + 1;
}

static void lex_error(Lexer *lx, const unsigned char *at, const char *fmt, const char *arg) {
  diag_add(lx->diags, DIAG_ERROR, lx->file, lx->line, column(lx, at), fmt, arg);
}

/* A character as a message shows it: printable ASCII as is, else \xNN. */
static void show_char(unsigned char c, char out[8]) {
  if (c >= 0x20 && c < 0x7f)
    out[0] = (char)c, out[1] = 0;
  else
    snprintf(out, 8, "\\x%02x", c);
}

/* body_of_comment -> .* "*" "/"   (the opening has been read) */
static void block_comment(Lexer *lx, const unsigned char *open) {
  int open_line = lx->line, open_col = column(lx, open);
  const unsigned char *p = lx->cursor;
  for (; p < lx->limit; p++) {
    if (p[0] == '*' && p + 1 < lx->limit && p[1] == '/') {
      lx->cursor = p + 2;
      return;
    }
    if (*p == '\n') lx->line++, lx->line_start = p + 1;
  }
  lx->cursor = p;
  diag_add(lx->diags, DIAG_ERROR, lx->file, open_line, open_col, "unterminated comment");
}

/* body_of_string -> { [^"\\\n] | "\\" ["\\n] } '"'   (the quote has been read).
 * A bad escape is reported and kept; a string cut by the end of its line is
 * reported and still returned, so the parser sees a value there. */
static void string_body(Lexer *lx, const unsigned char *open) {
  const unsigned char *p = lx->cursor;
  while (p < lx->limit && *p != '"' && *p != '\n') {
    if (*p == '\\') {
      if (p + 1 >= lx->limit || p[1] == '\n') break;
      if (p[1] != '"' && p[1] != '\\' && p[1] != 'n') {
        char shown[8];
        show_char(p[1], shown);
        lex_error(lx, p, "unknown escape '\\%s' in string (use \\\", \\\\ or \\n)", shown);
      }
      p += 2;
    } else {
      p++;
    }
  }
  if (p < lx->limit && *p == '"') {
    lx->cursor = p + 1;
    return;
  }
  lx->cursor = p;
  lex_error(lx, open, "unterminated string%s", "");
}

static int64_t decimal(Lexer *lx, const unsigned char *s, const unsigned char *e, int64_t max) {
  int64_t v = 0;
  for (; s < e; s++) {
    int d = *s - '0';
    if (v > (max - d) / 10) return -1;
    v = v * 10 + d;
  }
  return v;
}

static int64_t hexadecimal(const unsigned char *s, const unsigned char *e) {
  int64_t v = 0;
  for (s += 2; s < e; s++) {
    int d = *s <= '9' ? *s - '0' : (*s | 0x20) - 'a' + 10;
    if (v > (INT64_MAX - d) / 16) return -1;
    v = v * 16 + d;
  }
  return v;
}

enum { MAX_SIZE = 65535 };
/* Names and strings are for people to read: longer ones are mistakes (or
 * hostile input), reported instead of carried into every message. */
enum { MAX_NAME = 128, MAX_STRING = 4096 };
#define MAX_NAME_TEXT "128"
#define MAX_STRING_TEXT "4096"

static Token scan(Lexer *lx) {
  Token t;
  for (;;) {
    const unsigned char *start = lx->cursor;
    memset(&t, 0, sizeof t);
    t.start = (const char *)start;
    t.line = lx->line;
    t.col = column(lx, start);
#define TOKEN(k) do { t.kind = (k); goto done; } while (0)
    /*!re2c
      re2c:define:YYCTYPE = "unsigned char";
      re2c:define:YYCURSOR = "lx->cursor";
      re2c:define:YYLIMIT = "lx->limit";
      re2c:yyfill:enable = 0;
      re2c:eof = 0;

      ident = [A-Za-z_][A-Za-z0-9_]*;
      digits = [0-9]+;

      $ { t.kind = TK_EOF; t.length = 0; return t; }

      [ \t\r\f\v]+ { continue; }
      "\n" { lx->line++; lx->line_start = lx->cursor; continue; }
      "//" [^\n]* { continue; }
      "/*" { block_comment(lx, start); continue; }
      ["] {
        string_body(lx, start);
        if (lx->cursor - start > MAX_STRING + 2) lex_error(lx, start, "string longer than %s bytes", MAX_STRING_TEXT);
        TOKEN(TK_STRING);
      }

      "and"       { TOKEN(TK_AND); }
      "board"     { TOKEN(TK_BOARD); }
      "bool"      { TOKEN(TK_BOOL); }
      "break"     { TOKEN(TK_BREAK); }
      "choose"    { TOKEN(TK_CHOOSE); }
      "continue"  { TOKEN(TK_CONTINUE); }
      "else"      { TOKEN(TK_ELSE); }
      "excludes"  { TOKEN(TK_EXCLUDES); }
      "extends"   { TOKEN(TK_EXTENDS); }
      "fail"      { TOKEN(TK_FAIL); }
      "false"     { TOKEN(TK_FALSE); }
      "fn"        { TOKEN(TK_FN); }
      "for"       { TOKEN(TK_FOR); }
      "from"      { TOKEN(TK_FROM); }
      "game"      { TOKEN(TK_GAME); }
      "ghosts"    { TOKEN(TK_GHOSTS); }
      "hidden"    { TOKEN(TK_HIDDEN); }
      "highest"   { TOKEN(TK_HIGHEST); }
      "if"        { TOKEN(TK_IF); }
      "import"    { TOKEN(TK_IMPORT); }
      "includes"  { TOKEN(TK_INCLUDES); }
      "in"        { TOKEN(TK_IN); }
      "let"       { TOKEN(TK_LET); }
      "levels"    { TOKEN(TK_LEVELS); }
      "lowest"    { TOKEN(TK_LOWEST); }
      "not"       { TOKEN(TK_NOT); }
      "or"        { TOKEN(TK_OR); }
      "owner"     { TOKEN(TK_OWNER); }
      "param"     { TOKEN(TK_PARAM); }
      "per"       { TOKEN(TK_PER); }
      "play"      { TOKEN(TK_PLAY); }
      "player"    { TOKEN(TK_PLAYER); }
      "players"   { TOKEN(TK_PLAYERS); }
      "public"    { TOKEN(TK_PUBLIC); }
      "secret"    { TOKEN(TK_SECRET); }
      "rank"      { TOKEN(TK_RANK); }
      "display"   { TOKEN(TK_DISPLAY); }
      "as"        { TOKEN(TK_AS); }
      "requires"  { TOKEN(TK_REQUIRES); }
      "return"    { TOKEN(TK_RETURN); }
      "then"      { TOKEN(TK_THEN); }
      "tiles"     { TOKEN(TK_TILES); }
      "true"      { TOKEN(TK_TRUE); }
      "var"       { TOKEN(TK_VAR); }
      "variant"   { TOKEN(TK_VARIANT); }
      "while"     { TOKEN(TK_WHILE); }
      "window"    { TOKEN(TK_WINDOW); }
      "word"      { TOKEN(TK_WORD); }
      "is"        { TOKEN(TK_IS); }
      "option"    { TOKEN(TK_OPTION); }

      ident {
        if (lx->cursor - start > MAX_NAME) lex_error(lx, start, "name longer than %s characters", MAX_NAME_TEXT);
        TOKEN(TK_NAME);
      }

      "0" [xX] [0-9a-fA-F]+ {
        t.ival = hexadecimal(start, lx->cursor);
        if (t.ival < 0) {
          lex_error(lx, start, "integer literal too large%s", "");
          t.ival = 0;
        }
        TOKEN(TK_INT);
      }
      digits "x" digits {
        const unsigned char *x = start;
        while (*x != 'x') x++;
        int64_t w = decimal(lx, start, x, MAX_SIZE), h = decimal(lx, x + 1, lx->cursor, MAX_SIZE);
        if (w < 0 || h < 0) {
          lex_error(lx, start, "size too large (at most 65535 on a side)%s", "");
          w = h = -1; /* reported: nothing checks it again */
        }
        t.w = (int)w, t.h = (int)h;
        TOKEN(TK_SIZE);
      }
      digits {
        t.ival = decimal(lx, start, lx->cursor, INT64_MAX);
        if (t.ival < 0) {
          lex_error(lx, start, "integer literal too large%s", "");
          t.ival = 0;
        }
        TOKEN(TK_INT);
      }
      "0" [xX] | digits [A-Za-z_] [A-Za-z0-9_]* {
        char text[48];
        int n = (int)(lx->cursor - start);
        snprintf(text, sizeof text, "%.*s%s", n > 40 ? 40 : n, (const char *)start, n > 40 ? "..." : "");
        lex_error(lx, start, "malformed number '%s'", text);
        TOKEN(TK_INT);
      }

      "("  { TOKEN(TK_LP); }
      ")"  { TOKEN(TK_RP); }
      "["  { TOKEN(TK_LBRACKET); }
      "]"  { TOKEN(TK_RBRACKET); }
      "{"  { TOKEN(TK_LBRACE); }
      "}"  { TOKEN(TK_RBRACE); }
      ","  { TOKEN(TK_COMMA); }
      ":"  { TOKEN(TK_COLON); }
      "."  { TOKEN(TK_DOT); }
      ".." { TOKEN(TK_DOTDOT); }
      "->" { TOKEN(TK_ARROW); }
      "="  { TOKEN(TK_ASSIGN); }
      "+=" { TOKEN(TK_PLUSEQ); }
      "-=" { TOKEN(TK_MINUSEQ); }
      "*=" { TOKEN(TK_STAREQ); }
      "==" { TOKEN(TK_EQ); }
      "!=" { TOKEN(TK_NE); }
      "<"  { TOKEN(TK_LT); }
      "<=" { TOKEN(TK_LE); }
      ">"  { TOKEN(TK_GT); }
      ">=" { TOKEN(TK_GE); }
      "+"  { TOKEN(TK_PLUS); }
      "-"  { TOKEN(TK_MINUS); }
      "*"  { TOKEN(TK_STAR); }
      "/"  { TOKEN(TK_SLASH); }
      "%"  { TOKEN(TK_PERCENT); }
      "|"  { TOKEN(TK_BOR); }
      "^"  { TOKEN(TK_BXOR); }
      "&"  { TOKEN(TK_BAND); }
      "<<" { TOKEN(TK_SHL); }
      ">>" { TOKEN(TK_SHR); }

      * {
        /* Skip the rest of a UTF-8 sequence: one message per character. */
        char shown[8];
        show_char(*start, shown);
        if (*start >= 0xc0)
          while (lx->cursor < lx->limit && (*lx->cursor & 0xc0) == 0x80) lx->cursor++;
        lex_error(lx, start, "unexpected character '%s'", shown);
        continue;
      }
    */
  done:
#undef TOKEN
    t.length = (int)(lx->cursor - start);
    return t;
  }
}

Token lexer_next(Lexer *lx) {
  Token t;
  if (lx->has_peek) {
    t = lx->peek;
    lx->has_peek = 0;
  } else {
    t = scan(lx);
  }
  if (t.kind == TK_NOT) {
    Token next = scan(lx);
    if (next.kind == TK_IN) {
      t.kind = TK_NOTIN;
      t.length = (int)(next.start + next.length - t.start);
    } else {
      lx->peek = next;
      lx->has_peek = 1;
    }
  }
  return t;
}
