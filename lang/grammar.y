/* grammar.y — the tessera grammar (Lemon). Actions only call the builders of
 * parse.c (px_*) and ast.c; every value is arena-allocated, so nothing needs a
 * %destructor and a syntax error leaks nothing. Errors are recorded through
 * the parse context (%extra_context), never printed.
 *
 * Newlines mean nothing, so the grammar itself keeps statements apart:
 * a statement starts with a keyword or a name (never with `(`, `[` or `-`),
 * and no expression can be followed by another expression. That is why an
 * expression statement is a `spost` (a postfix chain that starts with a name)
 * and not any expression. `return` is the last statement of its block, which
 * makes its optional value unambiguous.
 *
 * Error recovery: `decl ::= error` and `stmt ::= error` give Lemon somewhere
 * to resume; the driver (parse.c) skips the rest of the broken construct. */

%name TsParse
%token_prefix TK_
%token_type {Token}
%default_type {Node *}
%extra_context {ParseCtx *ctx}
%stack_size 2000
%start_symbol input

%include {
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"

#define AST (ctx->ast)
}

%syntax_error {
  /* The tokens this state could shift: cheap "expected ..." hints. */
  int expected[8], n = 0;
  for (int i = 1; i < YYNTOKEN; i++) {
    if (i == YYERRORSYMBOL) continue;
    if (yy_find_shift_action((YYCODETYPE)i, yypParser->yytos->stateno) == YY_ERROR_ACTION) continue;
    if (n < 8) expected[n] = i;
    n++;
  }
  const yyStackEntry *top = yypParser->yytos;
  int after_return = top->major == TK_RETURN ||
                     (top > yypParser->yystack && top[-1].major == TK_RETURN);
  px_syntax_error(ctx, yyminor, expected, n, after_return);
}

%stack_overflow {
  px_error(ctx, ctx->last, "nested too deeply for the parser: split it with 'let' or a function");
  ctx->failed = 1;
}

%parse_failure {
  ctx->failed = 1;
}

%code {
void TsParseReportNextError(void *parser) {
  ((yyParser *)parser)->yyerrcnt = -1;
}

int TsParseDroppedToken(void *parser) {
  return ((yyParser *)parser)->yyerrcnt == 3;
}
}

/* Every token the lexer makes, in a fixed order. */
%token NAME INT STRING SIZE
  AND BOARD BOOL BREAK CHOOSE CONTINUE ELSE EXCLUDES EXTENDS FAIL FALSE FN FOR
  FROM GAME GHOSTS HIDDEN HIGHEST IF IMPORT IN LET LEVELS LOWEST NOT NOTIN OR
  OWNER PARAM PER PLAY PLAYER PLAYERS PUBLIC RANK REQUIRES RETURN THEN TILES
  TRUE VAR VARIANT WHILE WINDOW SECRET
  INCLUDES
  LP RP LBRACKET RBRACKET LBRACE RBRACE COMMA COLON DOT DOTDOT ARROW
  ASSIGN PLUSEQ MINUSEQ STAREQ
  DISPLAY AS
  EQ NE LT LE GT GE PLUS MINUS STAR SLASH PERCENT BOR BXOR BAND SHL SHR
  WORD IS OPTION.

/* Precedence, lowest first (docs/language.md, "Expressions"). The bit
 * operators follow Python: | below ^ below & below shifts. Comparisons and
 * ranges do not chain: `a < b < c` is a syntax error. */
%right FROM.
%right ELSE.
%left OR.
%left AND.
%right NOT.
%nonassoc EQ NE LT LE GT GE IN NOTIN IS.
%nonassoc DOTDOT.
%left BOR.
%left BXOR.
%left BAND.
%left SHL SHR.
%left PLUS MINUS.
%left STAR SLASH PERCENT.
%right UMINUS.

/* ---------------------------------------------------------------- files */

/* file -> { decl }. Top-level declarations go to ast->decls as soon as they
 * are reduced, so an unrecoverable error loses nothing already parsed. */
input ::= file.
file ::= .
file ::= file decl(D).              { if (D) ast_list_push(AST, &AST->decls, D); }

%type decls {NodeList}
decls(A) ::= .                      { memset(&A, 0, sizeof A); }
decls(A) ::= decls(B) decl(D).      { A = B; if (D) ast_list_push(AST, &A, D); }

decl(A) ::= error.                  { A = NULL; }

/* decl -> GAME STRING */
decl(A) ::= GAME(K) STRING(S).      { A = px_node(ctx, N_GAME, K); A->str = px_string(ctx, S); }
/* decl -> PLAYERS INT [ '..' INT ] */
decl(A) ::= PLAYERS(K) INT(N).      { A = px_node(ctx, N_PLAYERS, K); A->ival = A->ival2 = N.ival; }
decl(A) ::= PLAYERS(K) INT(N) DOTDOT INT(M). {
  A = px_node(ctx, N_PLAYERS, K); A->ival = N.ival; A->ival2 = M.ival;
}
decl(A) ::= GHOSTS(K) INT(N).       { A = px_node(ctx, N_GHOSTS, K); A->ival = N.ival; }
decl(A) ::= IMPORT(K) NAME(N).      { A = px_node(ctx, N_IMPORT, K); A->name = px_ident(ctx, N); }
decl(A) ::= EXTENDS(K) NAME(N).     { A = px_node(ctx, N_EXTENDS, K); A->name = px_ident(ctx, N); }
decl(A) ::= PARAM(K) NAME(N) ASSIGN expr(E). {
  A = px_node(ctx, N_PARAM, K); A->name = px_ident(ctx, N); A->a = E;
}
decl(A) ::= TILES(K) NAME(N) ASSIGN expr(E). {
  A = px_node(ctx, N_TILES, K); A->name = px_ident(ctx, N); A->a = E;
}
decl(A) ::= board(B).               { A = B; }
/* decl -> VAR NAME ':' [PER PLAYER] type ['=' expr] [PUBLIC|HIDDEN|OWNER|SECRET] */
decl(A) ::= VAR(K) NAME(N) COLON per_player(P) type(T) initial(I) visibility(V). {
  A = px_node(ctx, N_VAR, K); A->name = px_ident(ctx, N);
  A->per_player = P; A->a = T; A->b = I; A->visibility = V;
}
/* decl -> FN NAME '(' [params] ')' ['->' type] block */
decl(A) ::= FN(K) NAME(N) LP params(L) RP result(R) block(B). {
  A = px_node(ctx, N_FN, K); A->name = px_ident(ctx, N); A->list = L; A->a = R; A->b = B;
}
decl(A) ::= PLAY(K) block(B).       { A = px_node(ctx, N_PLAY, K); A->b = B; }
decl(A) ::= rank(R).                { A = R; }
/* decl -> DISPLAY NAME [AS NAME] [STRING]   how a variable is shown on screen */
decl(A) ::= DISPLAY(K) NAME(N) display_way(W) description(S). {
  A = px_node(ctx, N_DISPLAY, K); A->name = px_ident(ctx, N); A->a = W; A->str = S;
}
/* decl -> VARIANT NAME [STRING] '{' { decl } '}' */
decl(A) ::= VARIANT(K) NAME(N) description(S) LBRACE decls(L) RBRACE. {
  A = px_node(ctx, N_VARIANT, K); A->name = px_ident(ctx, N); A->str = S; A->list = L;
}
decl(A) ::= REQUIRES(K) names(L).   { A = px_node(ctx, N_REQUIRES, K); A->list = L; }
/* P8: `includes x` is a `requires x` that also selects x (ival = 1). */
decl(A) ::= INCLUDES(K) names(L).   { A = px_node(ctx, N_REQUIRES, K); A->list = L; A->ival = 1; }
decl(A) ::= EXCLUDES(K) names(L).   { A = px_node(ctx, N_EXCLUDES, K); A->list = L; }
/* decl -> OPTION NAME '=' expr [STRING]: a param the command line may set */
decl(A) ::= OPTION(K) NAME(N) ASSIGN expr(E) description(S). {
  A = px_node(ctx, N_OPTION, K); A->name = px_ident(ctx, N); A->a = E; A->str = S;
}
/* decl -> WORD NAME { ',' NAME }: answers a decision may offer besides its options */
decl(A) ::= WORD(K) names(L).       { A = px_node(ctx, N_WORDS, K); A->list = L; }

/* board -> BOARD NAME ':' NAME { SIZE | WINDOW SIZE | INT | PER PLAYER | LEVELS INT } */
board(A) ::= BOARD(K) NAME(N) COLON NAME(G). {
  A = px_node(ctx, N_BOARD, K); A->name = px_ident(ctx, N); A->str = px_ident(ctx, G);
  A->levels = 1;
}
/* P12: an array of boards, as many as an int param says (at most 8):
 * board sphere[tableaus]: …, used as sphere[i]. */
board(A) ::= BOARD(K) NAME(N) LBRACKET NAME(C) RBRACKET COLON NAME(G). {
  A = px_node(ctx, N_BOARD, K); A->name = px_ident(ctx, N); A->str = px_ident(ctx, G);
  A->levels = 1;
  ast_list_push(AST, &A->list, px_name(ctx, C));
}
board(A) ::= board(B) SIZE(S).      {
  A = B;
  if (A->bound != BOUND_NONE) px_error(ctx, S, "board size given twice");
  A->bound = BOUND_FIXED; A->w = S.w; A->h = S.h;
}
board(A) ::= board(B) WINDOW(W) SIZE(S). {
  A = B;
  if (A->bound != BOUND_NONE) px_error(ctx, W, "board size given twice");
  A->bound = BOUND_WINDOW; A->w = S.w; A->h = S.h;
}
/* P6: sizes and levels from params, `window side x side`, `w x h` (fixed),
 * `levels stack_levels`:
 * names the checker resolves to int params known when compiling. */
board(A) ::= board(B) WINDOW(W) NAME(X) NAME(M) NAME(Y). {
  A = B;
  if (A->bound != BOUND_NONE) px_error(ctx, W, "board size given twice");
  if (M.length != 1 || M.start[0] != 'x') px_error(ctx, M, "expected 'x' between the window's width and height");
  A->bound = BOUND_WINDOW; A->a = px_name(ctx, X); A->b = px_name(ctx, Y);
}
board(A) ::= board(B) NAME(X) NAME(M) NAME(Y). {
  A = B;
  if (A->bound != BOUND_NONE) px_error(ctx, X, "board size given twice");
  if (M.length != 1 || M.start[0] != 'x') px_error(ctx, M, "expected 'x' between the board's width and height");
  A->bound = BOUND_FIXED; A->a = px_name(ctx, X); A->b = px_name(ctx, Y);
}
/* A hexagon's side: `board field: hexagon 5` (the checker holds the grid to
 * hexagon), a fixed board of (2 side - 1) x (2 side - 1) axial cells with
 * the two corners cut off. */
board(A) ::= board(B) INT(N).       {
  A = B;
  if (A->bound != BOUND_NONE) px_error(ctx, N, "board size given twice");
  int side = N.ival < 1 || N.ival > 32 ? 0 : (int)N.ival;
  if (!side) px_error(ctx, N, "a hexagon's side must be 1 to 32");
  A->bound = BOUND_FIXED; A->side = side ? side : 1; A->w = A->h = 2 * A->side - 1;
}
board(A) ::= board(B) LEVELS(L) NAME(N). {
  A = B;
  if (A->levels != 1 || A->c) px_error(ctx, L, "'levels' given twice");
  A->c = px_name(ctx, N);
}
board(A) ::= board(B) PER(P) PLAYER. {
  A = B;
  if (A->per_player) px_error(ctx, P, "'per player' given twice");
  A->per_player = 1;
}
board(A) ::= board(B) LEVELS(L) INT(N). {
  A = B;
  if (A->levels != 1 || A->c) px_error(ctx, L, "'levels' given twice");
  A->levels = N.ival > 1000000 ? 1000000 : (int)N.ival;
}

%type per_player {int}
per_player(A) ::= .                 { A = 0; }
per_player(A) ::= PER PLAYER.       { A = 1; }

initial(A) ::= .                    { A = NULL; }
initial(A) ::= ASSIGN expr(E).      { A = E; }

%type visibility {int}
visibility(A) ::= .                 { A = VIS_PUBLIC; }
visibility(A) ::= PUBLIC.           { A = VIS_PUBLIC; }
visibility(A) ::= HIDDEN.           { A = VIS_HIDDEN; }
visibility(A) ::= OWNER.            { A = VIS_OWNER; }
visibility(A) ::= SECRET.           { A = VIS_SECRET; }

%type params {NodeList}
params(A) ::= .                     { memset(&A, 0, sizeof A); }
params(A) ::= param_list(L).        { A = L; }
%type param_list {NodeList}
param_list(A) ::= param(P).         { memset(&A, 0, sizeof A); ast_list_push(AST, &A, P); }
param_list(A) ::= param_list(L) COMMA param(P). { A = L; ast_list_push(AST, &A, P); }
param(A) ::= NAME(N) COLON type(T). { A = px_node(ctx, N_PARAM_DECL, N); A->name = px_ident(ctx, N); A->a = T; }

result(A) ::= .                     { A = NULL; }
result(A) ::= ARROW type(T).        { A = T; }

/* rank -> RANK key { THEN key };  key -> (HIGHEST|LOWEST) NAME */
rank(A) ::= RANK(K) rank_key(R).    { A = px_node(ctx, N_RANK, K); ast_list_push(AST, &A->list, R); }
rank(A) ::= rank(B) THEN rank_key(R). { A = B; ast_list_push(AST, &A->list, R); }
rank_key(A) ::= HIGHEST(K) NAME(N). { A = px_node(ctx, N_RANK_KEY, K); A->name = px_ident(ctx, N); A->ival = 1; }
rank_key(A) ::= LOWEST(K) NAME(N).  { A = px_node(ctx, N_RANK_KEY, K); A->name = px_ident(ctx, N); A->ival = 0; }

%type display_way {Node *}
display_way(A) ::= .                { A = NULL; }
display_way(A) ::= AS NAME(W).      { A = px_node(ctx, N_NAME, W); A->name = px_ident(ctx, W); }

%type description {const char *}
description(A) ::= .                { A = NULL; }
description(A) ::= STRING(S).       { A = px_string(ctx, S); }

%type names {NodeList}
names(A) ::= NAME(N).               { memset(&A, 0, sizeof A); ast_list_push(AST, &A, px_name(ctx, N)); }
names(A) ::= names(L) COMMA NAME(N). { A = L; ast_list_push(AST, &A, px_name(ctx, N)); }

/* ---------------------------------------------------------------- types */

/* type -> simple_type | type '|' WORD  (the answer of `choose … or words`)
 * simple_type -> NAME | PLAYER | BOOL | BOARD | WORD | '[' type ']'  (the checker knows the names)
 * `x is T` takes a simple_type, so `|` after it stays an operator. */
type(A) ::= simple_type(T).         { A = T; }
type(A) ::= type(T) BOR WORD.       { A = px_node_at(ctx, N_TYPE_ANSWER, T); A->a = T; }
simple_type(A) ::= NAME(N).         { A = px_node(ctx, N_TYPE_NAME, N); A->name = px_ident(ctx, N); }
simple_type(A) ::= PLAYER(N).       { A = px_node(ctx, N_TYPE_NAME, N); A->name = "player"; }
simple_type(A) ::= BOOL(N).         { A = px_node(ctx, N_TYPE_NAME, N); A->name = "bool"; }
simple_type(A) ::= BOARD(N).        { A = px_node(ctx, N_TYPE_NAME, N); A->name = "board"; }
simple_type(A) ::= WORD(N).         { A = px_node(ctx, N_TYPE_NAME, N); A->name = "word"; }
simple_type(A) ::= LBRACKET(K) type(T) RBRACKET. { A = px_node(ctx, N_TYPE_LIST, K); A->a = T; }

/* ---------------------------------------------------------------- statements */

/* block -> '{' { stmt } [RETURN [expr]] '}' */
block(A) ::= LBRACE(K) stmts(L) RBRACE. { A = px_node(ctx, N_BLOCK, K); A->list = L; }
block(A) ::= LBRACE(K) stmts(L) RETURN(R) RBRACE. {
  A = px_node(ctx, N_BLOCK, K); A->list = L;
  ast_list_push(AST, &A->list, px_node(ctx, N_RETURN, R));
}
block(A) ::= LBRACE(K) stmts(L) RETURN(R) expr(E) RBRACE. {
  A = px_node(ctx, N_BLOCK, K); A->list = L;
  Node *ret = px_node(ctx, N_RETURN, R);
  ret->a = E;
  ast_list_push(AST, &A->list, ret);
}

%type stmts {NodeList}
stmts(A) ::= .                      { memset(&A, 0, sizeof A); }
stmts(A) ::= stmts(L) stmt(S).      { A = L; if (S) ast_list_push(AST, &A, S); }

stmt(A) ::= error.                  { A = NULL; }
/* stmt -> LET NAME [':' type] '=' expr */
stmt(A) ::= LET(K) NAME(N) ASSIGN expr(E). {
  A = px_node(ctx, N_LET, K); A->name = px_ident(ctx, N); A->b = E;
}
stmt(A) ::= LET(K) NAME(N) COLON type(T) ASSIGN expr(E). {
  A = px_node(ctx, N_LET, K); A->name = px_ident(ctx, N); A->a = T; A->b = E;
}
/* stmt -> spost ('=' | '+=' | '-=' | '*=') expr | spost | choose */
stmt(A) ::= spost(T) assign_op(O) expr(E). {
  A = px_node_at(ctx, N_ASSIGN, T); A->op = O; A->a = T; A->b = E;
}
stmt(A) ::= spost(E).               { A = px_node_at(ctx, N_EXPR_STMT, E); A->a = E; }
stmt(A) ::= choose(E).              { A = px_node_at(ctx, N_EXPR_STMT, E); A->a = E; }
stmt(A) ::= if_stmt(S).             { A = S; }
/* stmt -> WHILE expr block */
stmt(A) ::= WHILE(K) expr(C) block(B). { A = px_node(ctx, N_WHILE, K); A->a = C; A->b = B; }
/* stmt -> FOR NAME IN expr block */
stmt(A) ::= FOR(K) NAME(N) IN expr(E) block(B). {
  A = px_node(ctx, N_FOR, K); A->name = px_ident(ctx, N); A->a = E; A->b = B;
}
stmt(A) ::= BREAK(K).               { A = px_node(ctx, N_BREAK, K); }
stmt(A) ::= CONTINUE(K).            { A = px_node(ctx, N_CONTINUE, K); }
stmt(A) ::= FAIL(K) expr(E).        { A = px_node(ctx, N_FAIL, K); A->a = E; }

%type assign_op {Op}
assign_op(A) ::= ASSIGN.            { A = OP_ASSIGN; }
assign_op(A) ::= PLUSEQ.            { A = OP_ADD; }
assign_op(A) ::= MINUSEQ.           { A = OP_SUB; }
assign_op(A) ::= STAREQ.            { A = OP_MUL; }

/* if_stmt -> IF expr block [ELSE (block | if_stmt)] */
if_stmt(A) ::= IF(K) expr(C) block(B). { A = px_node(ctx, N_IF, K); A->a = C; A->b = B; }
if_stmt(A) ::= IF(K) expr(C) block(B) ELSE block(E). {
  A = px_node(ctx, N_IF, K); A->a = C; A->b = B; A->c = E;
}
if_stmt(A) ::= IF(K) expr(C) block(B) ELSE if_stmt(E). {
  A = px_node(ctx, N_IF, K); A->a = C; A->b = B; A->c = E;
}

/* spost -> NAME { '(' args ')' | '[' expr ']' | '.' NAME }: what a statement
 * may start with (assignment target or call). */
spost(A) ::= NAME(N).               { A = px_name(ctx, N); }
spost(A) ::= spost(F) LP exprs_opt(L) RP. { A = px_node_at(ctx, N_CALL, F); A->a = F; A->list = L; }
spost(A) ::= spost(X) LBRACKET expr(I) RBRACKET. { A = px_node_at(ctx, N_INDEX, X); A->a = X; A->b = I; }
spost(A) ::= spost(X) DOT NAME(N).  { A = px_node_at(ctx, N_FIELD, X); A->a = X; A->name = px_ident(ctx, N); }

/* ---------------------------------------------------------------- expressions */

/* choose -> CHOOSE expr FROM expr [OR expr]: the options' `or` binds tighter
 * than FROM, so px_choose splits the last `or` into options and words. */
choose(A) ::= CHOOSE(K) expr(S) FROM expr(O). { A = px_choose(ctx, K, S, O); }
/* choose -> CHOOSE SECRET expr FROM expr [OR expr]: options and answer seen
 * by the seat only */
choose(A) ::= CHOOSE(K) SECRET expr(S) FROM expr(O). { A = px_choose(ctx, K, S, O); A->ival = 1; }

expr(A) ::= choose(E).              { A = E; }
expr(A) ::= IF(K) expr(C) THEN expr(T) ELSE expr(E). [ELSE] {
  A = px_node(ctx, N_COND, K); A->a = C; A->b = T; A->c = E;
}
expr(A) ::= expr(X) OR expr(Y).     { A = px_binary(ctx, OP_OR, X, Y); }
expr(A) ::= expr(X) AND expr(Y).    { A = px_binary(ctx, OP_AND, X, Y); }
expr(A) ::= NOT(K) expr(X).         { A = px_unary(ctx, OP_NOT, K, X); }
expr(A) ::= expr(X) EQ expr(Y).     { A = px_binary(ctx, OP_EQ, X, Y); }
expr(A) ::= expr(X) NE expr(Y).     { A = px_binary(ctx, OP_NE, X, Y); }
expr(A) ::= expr(X) LT expr(Y).     { A = px_binary(ctx, OP_LT, X, Y); }
expr(A) ::= expr(X) LE expr(Y).     { A = px_binary(ctx, OP_LE, X, Y); }
expr(A) ::= expr(X) GT expr(Y).     { A = px_binary(ctx, OP_GT, X, Y); }
expr(A) ::= expr(X) GE expr(Y).     { A = px_binary(ctx, OP_GE, X, Y); }
expr(A) ::= expr(X) IN expr(Y).     { A = px_binary(ctx, OP_IN, X, Y); }
expr(A) ::= expr(X) NOTIN expr(Y).  { A = px_binary(ctx, OP_NOT_IN, X, Y); }
expr(A) ::= expr(X) IS simple_type(T). { A = px_node_at(ctx, N_IS, X); A->a = X; A->b = T; }
expr(A) ::= expr(X) DOTDOT expr(Y). { A = px_node_at(ctx, N_RANGE, X); A->a = X; A->b = Y; }
expr(A) ::= expr(X) BOR expr(Y).    { A = px_binary(ctx, OP_BOR, X, Y); }
expr(A) ::= expr(X) BXOR expr(Y).   { A = px_binary(ctx, OP_BXOR, X, Y); }
expr(A) ::= expr(X) BAND expr(Y).   { A = px_binary(ctx, OP_BAND, X, Y); }
expr(A) ::= expr(X) SHL expr(Y).    { A = px_binary(ctx, OP_SHL, X, Y); }
expr(A) ::= expr(X) SHR expr(Y).    { A = px_binary(ctx, OP_SHR, X, Y); }
expr(A) ::= expr(X) PLUS expr(Y).   { A = px_binary(ctx, OP_ADD, X, Y); }
expr(A) ::= expr(X) MINUS expr(Y).  { A = px_binary(ctx, OP_SUB, X, Y); }
expr(A) ::= expr(X) STAR expr(Y).   { A = px_binary(ctx, OP_MUL, X, Y); }
expr(A) ::= expr(X) SLASH expr(Y).  { A = px_binary(ctx, OP_DIV, X, Y); }
expr(A) ::= expr(X) PERCENT expr(Y). { A = px_binary(ctx, OP_MOD, X, Y); }
expr(A) ::= MINUS(K) expr(X). [UMINUS] { A = px_unary(ctx, OP_NEG, K, X); }
expr(A) ::= postfix(E).             { A = E; }

/* postfix -> primary { '(' args ')' | '[' expr ']' | '.' NAME } */
postfix(A) ::= primary(E).          { A = E; }
postfix(A) ::= postfix(F) LP exprs_opt(L) RP. { A = px_node_at(ctx, N_CALL, F); A->a = F; A->list = L; }
postfix(A) ::= postfix(X) LBRACKET expr(I) RBRACKET. { A = px_node_at(ctx, N_INDEX, X); A->a = X; A->b = I; }
postfix(A) ::= postfix(X) DOT NAME(N). { A = px_node_at(ctx, N_FIELD, X); A->a = X; A->name = px_ident(ctx, N); }

primary(A) ::= INT(T).              { A = px_node(ctx, N_INT, T); A->ival = T.ival; }
primary(A) ::= STRING(T).           { A = px_node(ctx, N_STRING, T); A->str = px_string(ctx, T); }
primary(A) ::= TRUE(T).             { A = px_node(ctx, N_BOOL, T); A->ival = 1; }
primary(A) ::= FALSE(T).            { A = px_node(ctx, N_BOOL, T); A->ival = 0; }
primary(A) ::= NAME(T).             { A = px_name(ctx, T); }
primary(A) ::= PLAYERS(T).          { A = px_node(ctx, N_NAME, T); A->name = "players"; }
primary(A) ::= LP expr(E) RP.       { A = E; }
/* list -> '[' ']' | '[' expr { ',' expr } ']' | '[' expr for_clause { for_clause } [IF expr] ']' */
primary(A) ::= LBRACKET(K) RBRACKET. { A = px_node(ctx, N_LIST, K); }
primary(A) ::= LBRACKET(K) exprs(L) RBRACKET. { A = px_node(ctx, N_LIST, K); A->list = L; }
primary(A) ::= LBRACKET(K) expr(E) for_clauses(L) filter(F) RBRACKET. {
  A = px_node(ctx, N_COMPREHENSION, K); A->a = E; A->list = L; A->b = F;
}

%type for_clauses {NodeList}
for_clauses(A) ::= for_clause(C).   { memset(&A, 0, sizeof A); ast_list_push(AST, &A, C); }
for_clauses(A) ::= for_clauses(L) for_clause(C). { A = L; ast_list_push(AST, &A, C); }
for_clause(A) ::= FOR(K) NAME(N) IN expr(E). {
  A = px_node(ctx, N_FOR_CLAUSE, K); A->name = px_ident(ctx, N); A->a = E;
}
filter(A) ::= .                     { A = NULL; }
filter(A) ::= IF expr(C).           { A = C; }

%type exprs_opt {NodeList}
exprs_opt(A) ::= .                  { memset(&A, 0, sizeof A); }
exprs_opt(A) ::= exprs(L).          { A = L; }
%type exprs {NodeList}
exprs(A) ::= expr(E).               { memset(&A, 0, sizeof A); ast_list_push(AST, &A, E); }
exprs(A) ::= exprs(L) COMMA expr(E). { A = L; ast_list_push(AST, &A, E); }
