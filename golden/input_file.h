/* input_file: every file a run reads as input (a trace's .cfg and .dat, a
 * .npy, an .npz, a network folder's files, a payload, a knobs file) opens
 * through here. A FIFO, a device or a folder is refused before a byte is
 * read (a FIFO would block forever, /dev/zero would grow without end), and
 * a read is bounded by the file's size and by the caller's limit. */
#ifndef INPUT_FILE_H
#define INPUT_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Open path for reading if it is a regular file of at most max_bytes
 * (0: no limit of the caller's). *size (may be NULL) gets its size. NULL
 * with "path: reason" in err ("not a regular file (a FIFO)", "2 GiB, more
 * than the 1 GiB a .npy may have", the open error). A FIFO is opened
 * without blocking, so the refusal comes at once. */
FILE *input_file_open(const char *path, uint64_t max_bytes, uint64_t *size, char *err, size_t errlen);
/* The whole file (input_file_open's checks) in a malloc'd buffer of *len
 * bytes plus a NUL; a file that changes size while read is an error. 0, or
 * -1 with "path: reason" in err. */
int input_file_read(const char *path, uint64_t max_bytes, uint8_t **buf, size_t *len, char *err, size_t errlen);
/* "a FIFO", "a character device", "a folder" ...: what a non-regular mode is. */
const char *input_file_kind(unsigned mode);

#endif
