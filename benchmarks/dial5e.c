/* The yardstick of issue 29 for dnd5e: a plain-C Dial search (a bucket queue of ticks) over the
 * places a flyer's move explores on a square map: every square x altitude where its footprint
 * (one square, `height` levels tall) has room, and the same steps as wingbeat's dnd5e search
 * (rulesets/dnd5e/board.py's shapes: the 8 compass steps, each flat, up or down, and straight
 * up or down), priced as the PHB rule prices them: 5 ft a step whatever its axes, twice that
 * into difficult ground, difficult air or another creature's space; never into a blocking
 * hostile's space; a diagonal step only where every corner it passes has room (D-grid). Every
 * step is flown, so the fly speed pays and the budget is the fly speed with Dash. Nothing
 * else: no walls between squares, no climbing, swimming, jumps, falls, prone or opportunity
 * attacks (benchmarks/reference.py only hands over cases that have none of what it leaves out,
 * or where it cannot change a least cost). Each settled state is kept in order with its
 * priority and the settled index it came from, as a reach needs.
 *
 * With `watchers` > 0 ("C, same states") a state also carries what wingbeat's carries for such a
 * flyer: the hostiles whose opportunity attack its way drew (a step out of a place a hostile
 * threatens into one it does not, D-creatures) and whether it took Dash (on the step that
 * first passes the fly speed, `limit`), pruned as wingbeat prunes them (per place and
 * provoked set, the least spent without Dash and with or without it): the same states settled
 * as wingbeat's search, for a per-state comparison that is not of different graphs.
 *
 * Input (benchmarks/reference.py writes it, read off wingbeat's own flattened board:
 * FlatBoard): int32 little-endian columns, rows, cells, levels, bottom, height, budget, step
 * (5 ft in ticks), start cell, start altitude, shapes, corners, repeat, watchers, limit; then
 * grid[columns *
 * rows] (-1 none), col[cells], row[cells], ground[cells], ceil[cells], terrain[cells] (1 wall,
 * 2 difficult, 16 difficult air), others[cells * levels] (0 none, 1 another creature, 2 a
 * blocking hostile), shapes[shapes * 7] (suffix, dc, dr, dz, axes, corners' start and end),
 * corners[corners * 3] (dc, dr, dz); with watchers, threat[cells * levels] (the watchers whose
 * reach covers each place, a bit each).
 * Output: one JSON line: settled, the CPU ns of each run, and the least cost (ticks) of each
 * cell x level (-1 unreached).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { WALL = 1, DIFFICULT = 2, AIR_DIFFICULT = 16, SHAPE = 7, UNSEEN = 0x7fffffff };

typedef struct {
    int32_t columns, rows, cells, levels, bottom, height, budget, step, start, start_z;
    int32_t n_shapes, n_corners, watchers, limit;
    int32_t *grid, *col, *row, *ground, *ceil, *terrain, *others, *shapes, *corners, *threat;
    int32_t *low, *high;  /* per cell: the altitudes where the footprint has room */
} Map;

typedef struct {
    int32_t best, parent;  /* least cost found, settled index it came from, -2 once settled */
    uint32_t run;
} Entry;

typedef struct {
    int32_t plain, dashed;  /* least spent without Dash, with or without it (watchers only) */
    uint32_t run;
} Pruned;

typedef struct {
    Entry *e;  /* per state: cell x levels + altitude - bottom (then provoked, Dash) */
    Pruned *pruned;  /* per place and provoked set */
    uint32_t run;
    int32_t *head, *node_state, *node_next;
    int64_t nodes, node_cap;
    int32_t *order, *priority, *parent;
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

static inline int32_t cell_at(const Map *m, int32_t c, int32_t r) {
    if (c < 1 || r < 1 || c > m->columns || r > m->rows) return -1;
    return m->grid[(r - 1) * m->columns + c - 1];
}

static inline int fits(const Map *m, int32_t cell, int32_t z) {
    return cell >= 0 && m->low[cell] <= z && z <= m->high[cell];
}

static void search(const Map *m, Search *s) {
    s->run++;
    for (int32_t p = 0; p <= m->budget; p++) s->head[p] = -1;
    s->nodes = 0;
    s->settled = 0;
    relax(s, m, m->start * m->levels + m->start_z - m->bottom, 0, -1);
    for (int32_t prio = 0; prio <= m->budget; prio++) {
        while (s->head[prio] >= 0) {
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
            int32_t cell = state / m->levels, z = state % m->levels + m->bottom;
            int32_t sc = m->col[cell], sr = m->row[cell];
            for (int32_t i = 0; i < m->n_shapes; i++) {
                const int32_t *sh = &m->shapes[SHAPE * i];
                int32_t target = cell_at(m, sc + sh[1], sr + sh[2]), zz = z + sh[3];
                if (!fits(m, target, zz)) continue;
                int32_t to = target * m->levels + zz - m->bottom, other = m->others[to];
                if (other == 2) continue;  /* a blocking hostile's space */
                int ok = 1;
                for (int32_t j = sh[5]; ok && j < sh[6]; j++) {  /* every corner has room */
                    const int32_t *cn = &m->corners[3 * j];
                    ok = fits(m, cell_at(m, sc + cn[0], sr + cn[1]), z + cn[2]);
                }
                if (!ok) continue;
                int32_t g = m->ground[target], t = m->terrain[target];
                int rough = other || (zz == g && (t & DIFFICULT)) || (zz > g && (t & AIR_DIFFICULT));
                relax(s, m, to, prio + m->step * (1 + rough), here);
            }
        }
    }
}

/* The same search with the provoked set and Dash in the state (watchers > 0): a state is
 * ((place << watchers | provoked) << 1) | dashed. */
static void search_states(const Map *m, Search *s) {
    int32_t w = m->watchers, mask = (1 << w) - 1;
    s->run++;
    for (int32_t p = 0; p <= m->budget; p++) s->head[p] = -1;
    s->nodes = 0;
    s->settled = 0;
    relax(s, m, (m->start * m->levels + m->start_z - m->bottom) << (w + 1), 0, -1);
    for (int32_t prio = 0; prio <= m->budget; prio++) {
        while (s->head[prio] >= 0) {
            int32_t node = s->head[prio];
            s->head[prio] = s->node_next[node];
            int32_t state = s->node_state[node];
            Entry *e = &s->e[state];
            if (e->parent == -2 || e->best != prio) continue;
            int32_t here = (int32_t)s->settled++;
            s->order[here] = state;
            s->priority[here] = prio;
            s->parent[here] = e->parent;
            e->parent = -2;
            int32_t dashed = state & 1, provoked = (state >> 1) & mask, pos = state >> (w + 1);
            int32_t cell = pos / m->levels, z = pos % m->levels + m->bottom;
            int32_t sc = m->col[cell], sr = m->row[cell], threat = m->threat[pos];
            for (int32_t i = 0; i < m->n_shapes; i++) {
                const int32_t *sh = &m->shapes[SHAPE * i];
                int32_t target = cell_at(m, sc + sh[1], sr + sh[2]), zz = z + sh[3];
                if (!fits(m, target, zz)) continue;
                int32_t to = target * m->levels + zz - m->bottom, other = m->others[to];
                if (other == 2) continue;
                int ok = 1;
                for (int32_t j = sh[5]; ok && j < sh[6]; j++) {
                    const int32_t *cn = &m->corners[3 * j];
                    ok = fits(m, cell_at(m, sc + cn[0], sr + cn[1]), z + cn[2]);
                }
                if (!ok) continue;
                int32_t g = m->ground[target], t = m->terrain[target];
                int rough = other || (zz == g && (t & DIFFICULT)) || (zz > g && (t & AIR_DIFFICULT));
                int32_t total = prio + m->step * (1 + rough), dash = dashed;
                if (total > m->limit * (dashed ? 2 : 1)) {  /* Dash on the step that needs it */
                    if (dashed || total > 2 * m->limit) continue;
                    dash = 1;
                }
                int32_t key = (to << w) | provoked | (threat & ~provoked & ~m->threat[to]);
                Pruned *p = &s->pruned[key];
                if (p->run != s->run) { p->run = s->run; p->plain = p->dashed = UNSEEN; }
                if (p->plain <= total || (dash && p->dashed <= total)) continue;
                if (!dash && total < p->plain) p->plain = total;
                if (total < p->dashed) p->dashed = total;
                relax(s, m, (key << 1) | dash, total, here);
            }
        }
    }
}

static int32_t *read_ints(FILE *f, int64_t n) {
    int32_t *a = malloc((n ? n : 1) * sizeof(int32_t));
    if (fread(a, sizeof(int32_t), n, f) != (size_t)n) { fprintf(stderr, "short input\n"); exit(2); }
    return a;
}

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "rb") : stdin;
    if (!f) { perror("input"); return 2; }
    int32_t *h = read_ints(f, 15);
    Map m = {h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9], h[10], h[11], h[13],
             h[14]};
    int32_t repeat = h[12];
    int64_t states = (int64_t)m.cells * m.levels;  /* places */
    int64_t kept = m.watchers ? states << (m.watchers + 1) : states;  /* states */
    m.grid = read_ints(f, (int64_t)m.columns * m.rows);
    m.col = read_ints(f, m.cells);
    m.row = read_ints(f, m.cells);
    m.ground = read_ints(f, m.cells);
    m.ceil = read_ints(f, m.cells);
    m.terrain = read_ints(f, m.cells);
    m.others = read_ints(f, states);
    m.shapes = read_ints(f, (int64_t)m.n_shapes * SHAPE);
    m.corners = read_ints(f, (int64_t)m.n_corners * 3);
    m.threat = m.watchers ? read_ints(f, states) : NULL;
    m.low = malloc(m.cells * sizeof(int32_t));
    m.high = malloc(m.cells * sizeof(int32_t));
    for (int32_t c = 0; c < m.cells; c++) {  /* D-size: room from the ground to the ceiling */
        int wall = m.terrain[c] & WALL;
        m.low[c] = wall ? 1 : (m.ground[c] > m.bottom ? m.ground[c] : m.bottom);
        m.high[c] = wall ? 0 : m.ceil[c] - m.height;
        if (m.high[c] > m.bottom + m.levels - m.height) m.high[c] = m.bottom + m.levels - m.height;
    }
    Search s = {0};
    s.e = calloc(kept, sizeof(Entry));
    s.pruned = m.watchers ? calloc(states << m.watchers, sizeof(Pruned)) : NULL;
    s.head = malloc((m.budget + 1) * sizeof(int32_t));
    s.node_cap = 1 << 16;
    s.node_state = malloc(s.node_cap * sizeof(int32_t));
    s.node_next = malloc(s.node_cap * sizeof(int32_t));
    s.order = malloc(kept * sizeof(int32_t));
    s.priority = malloc(kept * sizeof(int32_t));
    s.parent = malloc(kept * sizeof(int32_t));
    int64_t *ns = malloc(repeat * sizeof(int64_t));
    for (int32_t r = 0; r < repeat; r++) {
        struct timespec a, b;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
        if (m.watchers) search_states(&m, &s); else search(&m, &s);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
        ns[r] = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
    }
    printf("{\"settled\": %lld, \"ns\": [", (long long)s.settled);
    for (int32_t r = 0; r < repeat; r++) printf("%s%lld", r ? ", " : "", (long long)ns[r]);
    printf("], \"least\": [");
    for (int64_t st = 0; st < states; st++) {  /* the least of a place's states */
        int32_t least = -1;
        for (int64_t k = st * (kept / states); k < (st + 1) * (kept / states); k++)
            if (s.e[k].run == s.run && s.e[k].parent == -2 && (least < 0 || s.e[k].best < least))
                least = s.e[k].best;
        printf("%s%d", st ? ", " : "", least);
    }
    printf("]}\n");
    return 0;
}
