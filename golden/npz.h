/* npz: numpy's .npz archives (np.savez, np.savez_compressed): a zip file
 * of .npy members, stored or deflated (zlib). The central directory gives
 * the sizes (numpy writes ZIP64 local headers with placeholder sizes, so
 * those are skipped); an archive that needs ZIP64 in its central directory
 * (a member of 4 GiB or more) is refused. Every member is CRC-checked. */
#ifndef NPZ_H
#define NPZ_H

#include <stddef.h>
#include <stdint.h>
#include "npy.h"

struct npz_member {
    char *name;               /* "cmd_data.npy" */
    unsigned method;          /* 0 stored, 8 deflated */
    uint32_t crc;
    uint64_t csize, usize;
    uint64_t local_offset;
};

struct npz {
    char *path;
    uint8_t *file;
    size_t size;
    struct npz_member *members;
    unsigned n;
};

void npz_init(struct npz *z);
void npz_free(struct npz *z);
/* Parse an archive image (takes a copy); path names it in messages. */
int npz_parse(struct npz *z, const uint8_t *buf, size_t len, const char *path, char *err, size_t errlen);
/* Read and parse the file at path. 0, or -1 with "path: reason" in err. */
int npz_open(struct npz *z, const char *path, char *err, size_t errlen);
/* The member named key (without ".npy"), NULL if absent. */
const struct npz_member *npz_find(const struct npz *z, const char *key);
/* Member key as an array. -1 with "path: key: reason" (missing, corrupt,
 * not an integer array ...). */
int npz_read(const struct npz *z, const char *key, struct npy_array *a, char *err, size_t errlen);

#endif
