/* json.c — see json.h. */
#include "json.h"

void json_put_string(FILE *out, const char *s) {
  if (!s) {
    fputs("null", out);
    return;
  }
  putc('"', out);
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    switch (*c) {
    case '"': fputs("\\\"", out); break;
    case '\\': fputs("\\\\", out); break;
    case '\n': fputs("\\n", out); break;
    case '\r': fputs("\\r", out); break;
    case '\t': fputs("\\t", out); break;
    default:
      if (*c < 0x20 || *c == 0x7f) fprintf(out, "\\u%04x", *c);
      else putc(*c, out);
    }
  }
  putc('"', out);
}
