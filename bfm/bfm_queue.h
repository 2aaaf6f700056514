/* bfm_queue: internal growable FIFO ring of fixed-size elements, shared by
 * the BFMs. Grows by doubling, so pushes are amortised O(1) and steady
 * state traffic never allocates. Not part of the public contract. */
#ifndef BFM_QUEUE_H
#define BFM_QUEUE_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bfm_queue {
    unsigned char *buf;
    size_t esz;     /* element size */
    size_t cap;     /* elements, power of two */
    size_t head;    /* index of the oldest element */
    size_t n;       /* elements held */
};

static inline void bfm_queue_init(struct bfm_queue *q, size_t esz, size_t cap)
{
    size_t c = 4;
    while (c < cap)
        c *= 2;
    q->esz = esz;
    q->cap = c;
    q->head = 0;
    q->n = 0;
    q->buf = malloc(esz * c);
    if (!q->buf) {
        fprintf(stderr, "bfm_queue: out of memory\n");
        abort();
    }
}

static inline void bfm_queue_free(struct bfm_queue *q)
{
    free(q->buf);
    q->buf = NULL;
    q->n = q->cap = 0;
}

static inline void *bfm_queue_at(const struct bfm_queue *q, size_t i)
{
    return q->buf + ((q->head + i) & (q->cap - 1)) * q->esz;
}

/* Returns the new slot at the tail for the caller to fill. */
static inline void *bfm_queue_push(struct bfm_queue *q)
{
    if (q->n == q->cap) {
        size_t ncap = q->cap * 2;
        unsigned char *nb = malloc(q->esz * ncap);
        if (!nb) {
            fprintf(stderr, "bfm_queue: out of memory\n");
            abort();
        }
        /* Unwrap into the new buffer so head becomes 0. */
        for (size_t i = 0; i < q->n; i++)
            memcpy(nb + i * q->esz, bfm_queue_at(q, i), q->esz);
        free(q->buf);
        q->buf = nb;
        q->cap = ncap;
        q->head = 0;
    }
    q->n++;
    return bfm_queue_at(q, q->n - 1);
}

static inline void *bfm_queue_front(const struct bfm_queue *q)
{
    return q->n ? bfm_queue_at(q, 0) : NULL;
}

static inline void bfm_queue_pop(struct bfm_queue *q)
{
    if (q->n) {
        q->head = (q->head + 1) & (q->cap - 1);
        q->n--;
    }
}

#endif
