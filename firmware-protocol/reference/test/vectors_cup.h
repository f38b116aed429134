/* The golden vectors played on a cup (test_vectors_cup.c), for test_vectors.c. */
#ifndef MIA_VECTORS_CUP_H
#define MIA_VECTORS_CUP_H

#include <stddef.h>
#include <stdint.h>

#include "../src/mia_codec.h"
#include "vectors.h"

typedef enum { CUP_FREE, CUP_OWNED_UNPROVEN, CUP_OWNED_ASKED } cup_kind;

void vectors_check_config(const mia_config *a, const mia_config *b);
void vectors_check_cup_reply(cup_kind kind, const uint8_t *buf, size_t len, int status,
                             uint8_t op, uint8_t rid);
void vectors_accepted_control_on_cups(const vec *v);
void vectors_auth_vector(const auth_vec *a);

/* The short names the tests use (as cup_ for test_cup_). */
#define check_config(a, b) vectors_check_config(a, b)
#define check_cup_reply(kind, buf, len, status, op, rid)                                       \
    vectors_check_cup_reply(kind, buf, len, status, op, rid)
#define accepted_control_on_cups(v) vectors_accepted_control_on_cups(v)
#define auth_vector(a) vectors_auth_vector(a)

#endif
