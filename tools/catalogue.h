/* catalogue.h — the games of the games directory as a user sees them. Each
 * rule file is a game, except an extension: a file that `extends` a game of
 * the directory (games/hegemino_solo.tess extends hegemino). `--variant`
 * on that game finds the extension's variants (lang/extensions.c), so they
 * are listed with it, marked with their file, and the extension is not
 * listed again as a game of its own with all the base game's variants. Used
 * by `tessera list`, serve's `games` and `bench --all`. */
#ifndef TESSERA_TOOLS_CATALOGUE_H
#define TESSERA_TOOLS_CATALOGUE_H

#include <stdbool.h>

#include "tessera.h"

typedef struct Catalogue {
  int count;
  char **names;          /* every rule file, without .tess, sorted */
  TsProgram **programs;  /* each compiled alone, no variant selected; NULL: it does not compile */
  int *base;             /* an extension: the file it extends; a game: -1 */
} Catalogue;

/* A variant shown with a game: variant `index` of `program`, declared in
 * the game's own file (from NULL) or in extension `from`. */
typedef struct ListedVariant {
  const TsProgram *program;
  int index;
  const char *from;
} ListedVariant;

/* Reads and compiles the games directory: 0, or -1 (errno set; ENOMEM when
 * out of memory) when it cannot be read. */
int catalogue_open(Catalogue *c);
void catalogue_close(Catalogue *c);
/* Whether file i is listed as a game (not an extension). */
bool catalogue_is_game(const Catalogue *c, int i);
/* The variants listed with game i: its own, then each extension's own (those
 * the game does not declare), in file order. *out is allocated (free it);
 * returns how many, or -1 when out of memory. */
int catalogue_variants(const Catalogue *c, int i, ListedVariant **out);

#endif
