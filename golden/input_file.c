/* input_file: see input_file.h. The checks are on the opened descriptor
 * (fstat), so the file checked is the file read. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "input_file.h"

const char *input_file_kind(unsigned mode)
{
    switch (mode & S_IFMT) {
    case S_IFREG: return "a regular file";
    case S_IFDIR: return "a folder";
    case S_IFIFO: return "a FIFO";
    case S_IFCHR: return "a character device";
    case S_IFBLK: return "a block device";
    case S_IFSOCK: return "a socket";
    default: return "not a file";
    }
}

static void size_text(uint64_t b, char *buf, size_t len)
{
    if (b >= (UINT64_C(1) << 30))
        snprintf(buf, len, "%.1f GiB", (double)b / (double)(UINT64_C(1) << 30));
    else if (b >= (UINT64_C(1) << 20))
        snprintf(buf, len, "%.1f MiB", (double)b / (double)(UINT64_C(1) << 20));
    else
        snprintf(buf, len, "%llu bytes", (unsigned long long)b);
}

FILE *input_file_open(const char *path, uint64_t max_bytes, uint64_t *size, char *err, size_t errlen)
{
    /* O_NONBLOCK: opening a FIFO with no writer would wait for one */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file (%s): only regular files are read as input", path,
                 input_file_kind((unsigned)st.st_mode));
        close(fd);
        return NULL;
    }
    if (max_bytes && (uint64_t)st.st_size > max_bytes) {
        char has[32], may[32];
        size_text((uint64_t)st.st_size, has, sizeof has);
        size_text(max_bytes, may, sizeof may);
        snprintf(err, errlen, "%s: %s, more than the %s such a file may have", path, has, may);
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (size)
        *size = (uint64_t)st.st_size;
    return f;
}

int input_file_read(const char *path, uint64_t max_bytes, uint8_t **buf, size_t *len, char *err, size_t errlen)
{
    *buf = NULL;
    *len = 0;
    uint64_t size;
    FILE *f = input_file_open(path, max_bytes, &size, err, errlen);
    if (!f)
        return -1;
    if (size >= SIZE_MAX) {
        snprintf(err, errlen, "%s: too large to read", path);
        fclose(f);
        return -1;
    }
    uint8_t *b = malloc((size_t)size + 1);
    if (!b) {
        snprintf(err, errlen, "%s: out of memory for its %llu bytes", path, (unsigned long long)size);
        fclose(f);
        return -1;
    }
    /* one byte more than the size: a file that grew since fstat is seen */
    size_t got = fread(b, 1, (size_t)size + 1, f);
    int bad = ferror(f);
    fclose(f);
    if (bad || got != (size_t)size) {
        snprintf(err, errlen, "%s: %s", path, bad ? "read error" : "its size changed while it was read");
        free(b);
        return -1;
    }
    b[size] = '\0';
    *buf = b;
    *len = (size_t)size;
    return 0;
}
