/* The yardstick of issue 29: a plain-C Dial search (a bucket queue of ticks) over the same
 * states as volare's search on an open map in calm wind: every cell x altitude x posture
 * (0 grounded, 1 hovering, 2-7 moving with heading 0-5), and the same flight steps: a hovering
 * flyer steps into any of the six hexes, a moving one into the three ahead; climb (24 ticks),
 * descend (12), stop to hover (stop_cost), each hex step costs costs[d]. No flags: no skimming
 * save, no landing, no wind, so it settles a few states fewer than wingbeat does (the benchmark
 * prints both counts). It keeps what a reach needs: each settled state in order, with its
 * priority and the settled index it came from.
 *
 * Input (benchmarks/reference.py writes it): int32 little-endian cells, levels, top, budget,
 * stop_cost, costs[6], start cell, start altitude, start posture, repeat; then ground[cells],
 * ceil[cells], nbr[cells * 6] (-1 off the map).
 * Output: one JSON line: settled, the CPU ns of each run (the first touches fresh memory, the
 * later ones reuse it, as wingbeat's kernel does), and the least cost of each cell (-1
 * unreached), for the benchmark to compare with wingbeat's reach.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { CLIMB = 24, DESCEND = 12, HOVERING = 1, UNSEEN = 0x7fffffff };

typedef struct {
    int32_t cells, levels, top, budget, stop_cost, costs[6], start_idx, start_alt, start_pos;
    int32_t *ground, *ceil, *nbr;
} Map;

typedef struct {
    int32_t best, parent;  /* least cost found, settled index it came from, -2 once settled */
    uint32_t run;          /* the run that met it: older entries read as never met */
} Entry;

typedef struct {
    Entry *e;                      /* per state (cell x levels + altitude) x 8 + posture */
    uint32_t run;
    int32_t *head;                 /* per tick: the last node pushed, -1 none */
    int32_t *node_state, *node_next;
    int64_t nodes, node_cap;
    int32_t *order, *priority, *parent;  /* the settled states, in order */
    int64_t settled;
} Search;

static void push(Search *s, int32_t state, int32_t prio) {
    if (s->nodes == s->node_cap) {
        s->node_cap *= 2;
        s->node_state = realloc(s->node_state, s->node_cap * sizeof(int32_t));
        s->node_next = realloc(s->node_next, s->node_cap * sizeof(int32_t));
    }
    s->node_state[s->nodes] = state;
    s->node_next[s->nodes] = s->head[prio];
    s->head[prio] = (int32_t)s->nodes++;
}

static inline void relax(Search *s, const Map *m, int32_t state, int32_t prio, int32_t from) {
    Entry *e = &s->e[state];
    if (prio > m->budget) return;
    if (e->run != s->run) { e->run = s->run; e->best = UNSEEN; }
    if (prio >= e->best) return;
    e->best = prio;
    e->parent = from;
    push(s, state, prio);
}

static void search(const Map *m, Search *s) {
    s->run++;
    for (int32_t p = 0; p <= m->budget; p++) s->head[p] = -1;
    s->nodes = 0;
    s->settled = 0;
    int32_t start = (m->start_idx * m->levels + m->start_alt) * 8 + m->start_pos;
    relax(s, m, start, 0, -1);
    for (int32_t prio = 0; prio <= m->budget; prio++) {
        while (s->head[prio] >= 0) {  /* a step of cost 0 pushes onto this same bucket */
            int32_t node = s->head[prio];
            s->head[prio] = s->node_next[node];
            int32_t state = s->node_state[node];
            Entry *e = &s->e[state];
            if (e->parent == -2 || e->best != prio) continue;  /* settled, or met cheaper */
            int32_t here = (int32_t)s->settled++;
            s->order[here] = state;
            s->priority[here] = prio;
            s->parent[here] = e->parent;
            e->parent = -2;
            int32_t posture = state & 7, place = state >> 3;
            int32_t idx = place / m->levels, alt = place % m->levels;
            if (posture == 0) continue;  /* on the ground: no flight from here */
            int32_t first = posture == HOVERING ? 0 : posture - 3, count = posture == HOVERING ? 6 : 3;
            for (int32_t k = 0; k < count; k++) {
                int32_t d = (first + k + 6) % 6;
                int32_t n = m->nbr[idx * 6 + d];
                if (n < 0 || m->ground[n] > alt || alt >= m->ceil[n]) continue;
                relax(s, m, (n * m->levels + alt) * 8 + 2 + d, prio + m->costs[d], here);
            }
            if (alt + 1 <= m->top && alt + 1 < m->ceil[idx])
                relax(s, m, state + 8, prio + CLIMB, here);
            if (alt - 1 >= m->ground[idx])
                relax(s, m, state - 8, prio + DESCEND, here);
            if (posture >= 2)
                relax(s, m, state - posture + HOVERING, prio + m->stop_cost, here);
        }
    }
}

static int32_t *read_ints(FILE *f, int64_t n) {
    int32_t *a = malloc(n * sizeof(int32_t));
    if (fread(a, sizeof(int32_t), n, f) != (size_t)n) { fprintf(stderr, "short input\n"); exit(2); }
    return a;
}

static int cmp_ns(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "rb") : stdin;
    if (!f) { perror("input"); return 2; }
    int32_t *h = read_ints(f, 15);
    Map m = {h[0], h[1], h[2], h[3], h[4], {h[5], h[6], h[7], h[8], h[9], h[10]}, h[11], h[12],
             h[13], NULL, NULL, NULL};
    int32_t repeat = h[14];
    m.ground = read_ints(f, m.cells);
    m.ceil = read_ints(f, m.cells);
    m.nbr = read_ints(f, (int64_t)m.cells * 6);
    int64_t states = (int64_t)m.cells * m.levels * 8;
    Search s = {0};
    s.e = calloc(states, sizeof(Entry));  /* untouched pages cost nothing until met */
    s.head = malloc((m.budget + 1) * sizeof(int32_t));
    s.node_cap = 1 << 16;
    s.node_state = malloc(s.node_cap * sizeof(int32_t));
    s.node_next = malloc(s.node_cap * sizeof(int32_t));
    s.order = malloc(states * sizeof(int32_t));
    s.priority = malloc(states * sizeof(int32_t));
    s.parent = malloc(states * sizeof(int32_t));
    int64_t *ns = malloc(repeat * sizeof(int64_t));
    for (int32_t r = 0; r < repeat; r++) {
        struct timespec a, b;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
        search(&m, &s);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
        ns[r] = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
    }
    printf("{\"settled\": %lld, \"ns\": [", (long long)s.settled);
    for (int32_t r = 0; r < repeat; r++) printf("%s%lld", r ? ", " : "", (long long)ns[r]);
    printf("], \"least\": [");
    for (int32_t c = 0; c < m.cells; c++) {
        int32_t least = UNSEEN;
        for (int64_t st = (int64_t)c * m.levels * 8; st < (int64_t)(c + 1) * m.levels * 8; st++)
            if (s.e[st].run == s.run && s.e[st].parent == -2 && s.e[st].best < least)
                least = s.e[st].best;
        printf("%s%d", c ? ", " : "", least == UNSEEN ? -1 : least);
    }
    printf("]}\n");
    return 0;
}
