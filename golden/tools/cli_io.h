/* cli_io: file handling the command-line tools in golden/tools/ share, with
 * their error messages ("<prog>: cannot open <path>: <reason>"). '-' means
 * stdin or stdout. */
#ifndef CLI_IO_H
#define CLI_IO_H

#include <stddef.h>
#include <stdio.h>

/* The whole file (malloc'd, caller frees) and its length; NULL after a message. */
char *cli_slurp(const char *prog, const char *path, size_t *len);
/* path NULL or "-": stdout. NULL after a message. */
FILE *cli_open_out(const char *prog, const char *path, const char *mode);
/* Flush/close; 0, or 1 after a "write error" message. */
int cli_close_out(const char *prog, FILE *f, const char *path);

#endif
