/* Ethos-U command stream text form: disassembler and assembler (grammar in ethosu_cmd.h), for
 * the U55/U65 table or the U85's. */
#include "ethosu_cmd.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define NAME_WIDTH 26

static uint16_t fields_mask(const struct ethosu_cmd_field *f, size_t nf)
{
    uint32_t m = 0;
    for (size_t i = 0; i < nf; i++)
        m |= ((1u << f[i].width) - 1u) << f[i].lsb;
    return (uint16_t)m;
}

/* The param of a command as text: its named fields when every set bit belongs to one. */
static int format_param(enum ethosu_cmd_product p, const struct ethosu_cmd *c, char *buf, size_t len)
{
    const struct ethosu_cmd_field *f;
    size_t nf = ethosu_cmd_fields_for(p, c->opcode, &f);
    if (nf == 0)
        return snprintf(buf, len, "%u", (unsigned)c->param);
    if (c->param & (uint16_t)~fields_mask(f, nf))
        return snprintf(buf, len, "0x%04X", (unsigned)c->param);
    size_t used = 0;
    for (size_t i = 0; i < nf; i++) {
        unsigned v = (c->param >> f[i].lsb) & ((1u << f[i].width) - 1u);
        char one[64];
        int k = snprintf(one, sizeof one, "%s%s=%u", i ? " " : "", f[i].name, v);
        if (k < 0)
            return k;
        if (used + (size_t)k < len)
            memcpy(buf + used, one, (size_t)k + 1);
        used += (size_t)k;
    }
    if (len && used >= len)
        buf[len - 1] = 0;
    return (int)used;
}

int ethosu_cmd_format_for(enum ethosu_cmd_product p, const struct ethosu_cmd *c, char *buf, size_t len)
{
    const char *name = ethosu_cmd_name_for(p, c->opcode, c->is_cmd1);
    char param[160];
    if (!name)
        return snprintf(buf, len, ".word 0x%08X", (unsigned)ETHOSU_CMD_WORD0(c->opcode, c->param));
    if (format_param(p, c, param, sizeof param) < 0)
        return -1;
    if (!c->is_cmd1)
        return snprintf(buf, len, "%-*s %s", NAME_WIDTH, name, param);
    return snprintf(buf, len, "%-*s %s 0x%08X", NAME_WIDTH, name, param, (unsigned)c->payload);
}

int ethosu_cmd_format(const struct ethosu_cmd *c, char *buf, size_t len)
{
    return ethosu_cmd_format_for(ETHOSU_CMD_U55_U65, c, buf, len);
}

/* The comment of a cmd1 command: its payload as a number, or the address, length or stride it
 * forms with the param (all of it in the U55/U65: 48 bits; b[7:0] in the U85: 40 bits; a U85
 * param with reserved bits set: the payload alone). */
static int cmd1_comment(enum ethosu_cmd_product p, const struct ethosu_cmd *c, FILE *out, const char *line)
{
    const struct ethosu_cmd_desc *d = ethosu_cmd_desc_for(p, c->opcode);
    int bits = p == ETHOSU_CMD_U85 ? 40 : 48;
    uint16_t hi_mask = p == ETHOSU_CMD_U85 ? 0x00FFu : 0xFFFFu;
    if (!d || d->payload == ETHOSU_CMD_PAYLOAD_NUMBER || (c->param & (uint16_t)~hi_mask))
        return fprintf(out, "%s  # %u\n", line, (unsigned)c->payload);
    uint64_t v = ((uint64_t)(c->param & hi_mask) << 32) | c->payload;
    if (d->payload == ETHOSU_CMD_PAYLOAD_SADDR && v >= (1ull << (bits - 1)))
        return fprintf(out, "%s  # %lld\n", line, (long long)((int64_t)v - (int64_t)(1ll << bits)));
    return fprintf(out, "%s  # %llu\n", line, (unsigned long long)v);
}

int ethosu_cmd_disasm(const uint32_t *words, size_t n, FILE *out)
{
    return ethosu_cmd_disasm_for(ETHOSU_CMD_U55_U65, words, n, out);
}

int ethosu_cmd_disasm_for(enum ethosu_cmd_product p, const uint32_t *words, size_t n, FILE *out)
{
    char line[256];
    for (size_t i = 0; i < n;) {
        struct ethosu_cmd c;
        int rc = ethosu_cmd_decode_for(p, words + i, n - i, &c);
        if (rc <= 0) {
            const char *why = rc == 0 ? "cmd1 without its payload word" : "reserved opcode";
            if (fprintf(out, "%-*s 0x%08X  # %s 0x%04X\n", NAME_WIDTH, ".word", (unsigned)words[i],
                        why, (unsigned)c.opcode) < 0)
                return -1;
            i++;
            continue;
        }
        if (ethosu_cmd_format_for(p, &c, line, sizeof line) < 0)
            return -1;
        int k;
        if (c.is_cmd1) {
            k = cmd1_comment(p, &c, out, line);
        } else {
            k = fprintf(out, "%s\n", line);
        }
        if (k < 0)
            return -1;
        i += (size_t)rc;
    }
    return fflush(out) == 0 ? 0 : -1;
}

/* ---- assembler ---------------------------------------------------------------- */

struct asm_state {
    enum ethosu_cmd_product product;
    const char *file;
    int line;
    char *err;
    size_t errlen;
    uint32_t *w;
    size_t n, cap;
};

static int fail(struct asm_state *s, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (s->err && s->errlen)
        snprintf(s->err, s->errlen, "%s:%d: %s", s->file, s->line, msg);
    return -1;
}

static int emit(struct asm_state *s, uint32_t w)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        uint32_t *nw = realloc(s->w, cap * sizeof *nw);
        if (!nw)
            return fail(s, "out of memory");
        s->w = nw;
        s->cap = cap;
    }
    s->w[s->n++] = w;
    return 0;
}

/* Number: decimal, 0x hex or 0b binary, optional leading '-'. */
static int parse_num(const char *t, long long *v)
{
    int neg = 0, base = 10;
    if (*t == '-')
        neg = 1, t++;
    else if (*t == '+')
        t++;
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
        base = 16, t += 2;
    else if (t[0] == '0' && (t[1] == 'b' || t[1] == 'B'))
        base = 2, t += 2;
    if (!isalnum((unsigned char)*t))
        return -1;
    char *end;
    errno = 0;
    unsigned long long u = strtoull(t, &end, base);
    if (*end || errno || u > 0xFFFFFFFFull)
        return -1;
    *v = neg ? -(long long)u : (long long)u;
    return 0;
}

#define MAX_TOK 24

static int asm_line(struct asm_state *s, char *p)
{
    char *tok[MAX_TOK];
    int nt = 0;
    for (;;) { /* operands are separated by blanks or commas */
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == ',')
            p++;
        if (!*p)
            break;
        if (nt == MAX_TOK)
            return fail(s, "too many operands");
        tok[nt++] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != ',')
            p++;
        if (*p)
            *p++ = 0;
    }
    if (nt == 0)
        return 0;
    char *name = tok[0];
    long long v;
    if (strcmp(name, ".word") == 0) {
        if (nt != 2)
            return fail(s, ".word takes one value");
        if (parse_num(tok[1], &v) || v < -(1ll << 31) || v > 0xFFFFFFFFll)
            return fail(s, ".word: bad 32-bit value '%s'", tok[1]);
        return emit(s, (uint32_t)v);
    }
    /* The TRM examples write cmd0.NAME / cmd1.NAME: accept the prefix and check it. */
    int want = -1;
    if (tolower((unsigned char)name[0]) == 'c' && tolower((unsigned char)name[1]) == 'm' &&
        tolower((unsigned char)name[2]) == 'd' && (name[3] == '0' || name[3] == '1') &&
        name[4] == '.') {
        want = name[3] - '0';
        name += 5;
    }
    uint16_t op;
    int cmd1;
    if (ethosu_cmd_lookup_for(s->product, name, &op, &cmd1))
        return fail(s, "unknown command '%s'", tok[0]);
    const char *tname = ethosu_cmd_name_for(s->product, op, cmd1);
    if (want >= 0 && want != cmd1)
        return fail(s, "%s is a cmd%d command, not cmd%d", tname, cmd1, want);

    const struct ethosu_cmd_field *f;
    size_t nf = ethosu_cmd_fields_for(s->product, op, &f);
    long long bare[MAX_TOK];
    int nbare = 0, have_param = 0, have_fields = 0, have_payload = 0;
    uint32_t param = 0, payload = 0;
    for (int i = 1; i < nt; i++) {
        char *eq = strchr(tok[i], '=');
        if (!eq) {
            if (parse_num(tok[i], &bare[nbare]))
                return fail(s, "%s: bad number '%s'", tname, tok[i]);
            nbare++;
            continue;
        }
        *eq = 0;
        const char *key = tok[i], *val = eq + 1;
        if (parse_num(val, &v))
            return fail(s, "%s: bad number '%s' for %s", tname, val, key);
        if (strcmp(key, "param") == 0) {
            if (v < -32768 || v > 0xFFFF)
                return fail(s, "%s: param %lld out of range (0..65535 or -32768..-1)", tname, v);
            if (have_param++)
                return fail(s, "%s: param given twice", tname);
            param = (uint16_t)v;
        } else if (strcmp(key, "payload") == 0 && cmd1) {
            if (v < -(1ll << 31) || v > 0xFFFFFFFFll)
                return fail(s, "%s: payload %lld out of 32-bit range", tname, v);
            if (have_payload++)
                return fail(s, "%s: payload given twice", tname);
            payload = (uint32_t)v;
        } else {
            size_t k = 0;
            while (k < nf && strcmp(f[k].name, key) != 0)
                k++;
            if (k == nf) {
                char list[256] = "";
                for (size_t j = 0; j < nf; j++) {
                    size_t l = strlen(list);
                    snprintf(list + l, sizeof list - l, "%s%s", j ? ", " : "", f[j].name);
                }
                if (nf)
                    return fail(s, "%s: unknown field '%s' (fields: %s)", tname, key, list);
                return fail(s, "%s: unknown field '%s' (the param is a plain number)", tname, key);
            }
            uint32_t max = (1u << f[k].width) - 1u;
            if (v < 0 || v > (long long)max)
                return fail(s, "%s: %s=%lld out of range 0..%u", tname, key, v, max);
            uint32_t m = max << f[k].lsb;
            if (have_fields & (1 << k))
                return fail(s, "%s: field %s given twice", tname, key);
            have_fields |= 1 << k;
            param = (param & ~m) | ((uint32_t)v << f[k].lsb);
        }
    }
    if (have_fields && have_param)
        return fail(s, "%s: give either param= or fields, not both", tname);
    /* Bare operands: cmd0 [param]; cmd1 param payload (without the param when it came from
     * param= or fields, without the payload when it came from payload=). */
    int bare_param = !have_param && !have_fields;
    int bi = 0;
    if (!cmd1) {
        if (nbare > bare_param)
            return fail(s, "%s: too many operands (cmd0 takes one param)", tname);
        bare_param = nbare;
    } else if (nbare != bare_param + !have_payload) {
        return fail(s, "%s: expected %s", tname,
                    bare_param ? (have_payload ? "a param" : "param and payload")
                               : (have_payload ? "no more operands" : "a payload"));
    }
    if (bare_param) {
        v = bare[bi++];
        if (v < -32768 || v > 0xFFFF)
            return fail(s, "%s: param %lld out of range (0..65535 or -32768..-1)", tname, v);
        param = (uint16_t)v;
    }
    if (cmd1 && !have_payload) {
        v = bare[bi++];
        if (v < -(1ll << 31) || v > 0xFFFFFFFFll)
            return fail(s, "%s: payload %lld out of 32-bit range", tname, v);
        payload = (uint32_t)v;
    }
    struct ethosu_cmd c = { op, cmd1, (uint16_t)param, payload };
    uint32_t w[2];
    int nw = ethosu_cmd_encode(&c, w);
    for (int i = 0; i < nw; i++)
        if (emit(s, w[i]))
            return -1;
    return 0;
}

int ethosu_cmd_asm(const char *text, size_t len, const char *file, uint32_t **words, size_t *n,
                   char *err, size_t errlen)
{
    return ethosu_cmd_asm_for(ETHOSU_CMD_U55_U65, text, len, file, words, n, err, errlen);
}

int ethosu_cmd_asm_for(enum ethosu_cmd_product p, const char *text, size_t len, const char *file,
                       uint32_t **words, size_t *n, char *err, size_t errlen)
{
    struct asm_state s = { p, file ? file : "<input>", 0, err, errlen, NULL, 0, 0 };
    char *buf = NULL;
    size_t bufcap = 0;
    int rc = 0;
    *words = NULL;
    *n = 0;
    if (err && errlen)
        err[0] = 0;
    for (size_t pos = 0; pos < len && rc == 0;) {
        size_t end = pos;
        while (end < len && text[end] != '\n')
            end++;
        s.line++;
        size_t l = end - pos;
        if (l + 1 > bufcap) {
            char *nb = realloc(buf, l + 1);
            if (!nb) {
                rc = fail(&s, "out of memory");
                break;
            }
            buf = nb;
            bufcap = l + 1;
        }
        memcpy(buf, text + pos, l);
        buf[l] = 0;
        if (memchr(buf, 0, l))
            rc = fail(&s, "NUL byte in text");
        else {
            for (char *c = buf; *c; c++)
                if (*c == '#' || (c[0] == '/' && c[1] == '/')) {
                    *c = 0;
                    break;
                }
            rc = asm_line(&s, buf);
        }
        pos = end + 1;
    }
    free(buf);
    if (rc) {
        free(s.w);
        return -1;
    }
    *words = s.w;
    *n = s.n;
    return 0;
}
